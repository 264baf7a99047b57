import { Page } from '@/components/ui/page'

export default function FindDifferencesPage() {
  return <Page title="Find the Differences!" />
}
