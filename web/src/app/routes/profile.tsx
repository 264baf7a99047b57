import { Page } from '@/components/ui/page'

export default function ProfilePage() {
  return <Page title="My Profile" />
}
