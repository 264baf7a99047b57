import { Page } from '@/components/ui/page'

export default function PrivacyPage() {
  return <Page title="Privacy Policy" />
}
