import { Page } from '@/components/ui/page'

export default function ThankYouPage() {
  return <Page title="Thank You!" />
}
