import { useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { ConfirmSubscriptionPage } from '@/features/newsletter/components/link-pages'

/** /newsletter/confirm?token=: the confirmation e-mail's link and its thank-you. */
export default function NewsletterConfirmRoute() {
  const [params] = useSearchParams()
  return <ConfirmSubscriptionPage token={params.get('token') ?? ''} homePath={paths.home} booksPath={paths.books} />
}
