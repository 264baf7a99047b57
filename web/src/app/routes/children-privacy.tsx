import { Page } from '@/components/ui/page'
import { ChildrenNotice } from '@/features/content/children-notice'

export default function ChildrenPrivacyPage() {
  return (
    <Page title="Children's privacy notice" intro="Short and plain: what we keep about your child, why, and for how long.">
      <ChildrenNotice />
    </Page>
  )
}
