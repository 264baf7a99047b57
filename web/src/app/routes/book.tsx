import { Page } from '@/components/ui/page'

export default function BookPage() {
  return <Page title="Book" />
}
