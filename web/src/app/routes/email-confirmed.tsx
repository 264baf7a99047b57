import { Page } from '@/components/ui/page'

export default function EmailConfirmedPage() {
  return <Page title="Email Confirmation" />
}
