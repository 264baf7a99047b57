import { Page } from '@/components/ui/page'

export default function UpdatePasswordPage() {
  return <Page title="Update Password" />
}
