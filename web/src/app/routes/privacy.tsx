import { Page } from '@/components/ui/page'
import { PrivacyPolicy } from '@/features/content/privacy-policy'

export default function PrivacyPage() {
  return (
    <Page title="Privacy Policy" intro="What we collect, why, and how we keep your family's information safe.">
      <PrivacyPolicy />
    </Page>
  )
}
