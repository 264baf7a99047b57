import { useLoaderData } from 'react-router'
import { ThankYou } from '@/features/checkout/components/thank-you'
import type { PaymentPass } from '@/features/checkout/payment-flag'

export default function ThankYouPage() {
  const pass = useLoaderData<PaymentPass>() // the router's loader: only a page with the pass gets here
  return <ThankYou orderNumber={pass.orderNumber} />
}
