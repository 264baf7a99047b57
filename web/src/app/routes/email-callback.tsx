import { Page } from '@/components/ui/page'

export default function EmailCallbackPage() {
  return <Page title="Confirming your email..." />
}
