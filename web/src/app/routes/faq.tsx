import { Page } from '@/components/ui/page'

export default function FaqPage() {
  return <Page title="Frequently Asked Questions" />
}
