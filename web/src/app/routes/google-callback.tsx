import { Page } from '@/components/ui/page'

export default function GoogleCallbackPage() {
  return <Page title="Signing you in..." />
}
