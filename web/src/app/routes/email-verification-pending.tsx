import { Page } from '@/components/ui/page'

export default function EmailVerificationPendingPage() {
  return <Page title="Check your email" />
}
