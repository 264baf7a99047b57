import { Page } from '@/components/ui/page'
import { Faq } from '@/features/content/faq'

export default function FaqPage() {
  return (
    <Page title="Frequently Asked Questions" intro="Quick answers about our books, orders, shipping and accounts.">
      <Faq />
    </Page>
  )
}
