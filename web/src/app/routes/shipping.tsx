import { Page } from '@/components/ui/page'
import { ShippingPolicy } from '@/features/content/shipping-policy'

export default function ShippingPage() {
  return (
    <Page title="Shipping Policy" intro="How and when your books travel from our shelves to yours." className="max-w-4xl">
      <ShippingPolicy />
    </Page>
  )
}
