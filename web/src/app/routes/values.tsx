import { Page } from '@/components/ui/page'

export default function ValuesPage() {
  return <Page title="Our Values" />
}
