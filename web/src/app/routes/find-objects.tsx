import { Page } from '@/components/ui/page'

export default function FindObjectsPage() {
  return <Page title="Clean Up The Forest!" />
}
