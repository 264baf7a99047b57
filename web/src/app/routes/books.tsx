import { Page } from '@/components/ui/page'

export default function BooksPage() {
  return <Page title="All Books" />
}
