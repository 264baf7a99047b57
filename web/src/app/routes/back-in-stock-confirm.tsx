import { useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { ConfirmAlertPage } from '@/features/restock/components/confirm-alert-page'

/** /back-in-stock/confirm?token=: a visitor confirms the address to tell when a book is back. */
export default function BackInStockConfirmRoute() {
  const [params] = useSearchParams()
  return <ConfirmAlertPage token={params.get('token') ?? ''} bookPath={paths.book} />
}
