import { Page } from '@/components/ui/page'

export default function DreamakerPage() {
  return <Page title="Dream Maker" />
}
