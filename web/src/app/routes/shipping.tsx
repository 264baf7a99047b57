import { Page } from '@/components/ui/page'

export default function ShippingPage() {
  return <Page title="Shipping Policy" />
}
