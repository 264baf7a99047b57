import { Page } from '@/components/ui/page'
import { TermsOfService } from '@/features/content'

export default function TermsPage() {
  return (
    <Page title="Terms of Service" intro="The friendly rules for using Siso & Friends.">
      <TermsOfService />
    </Page>
  )
}
