import { Page } from '@/components/ui/page'
import { TermsOfService } from '@/features/content/terms-of-service'

export default function TermsPage() {
  return (
    <Page title="Terms of Service" intro="The friendly rules for using Siso & Friends.">
      <TermsOfService />
    </Page>
  )
}
