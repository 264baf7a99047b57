import { Page } from '@/components/ui/page'

export default function ConfigPage() {
  return <Page title="Game Configuration" />
}
