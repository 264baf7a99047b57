import { Page } from '@/components/ui/page'

export default function CheckoutPage() {
  return <Page title="Checkout" />
}
