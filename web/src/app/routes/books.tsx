import { useParams } from 'react-router'
import { Page } from '@/components/ui/page'
import { BooksBrowser, categoryLabel } from '@/features/catalog'

/** /books, and /categories/{id}: the same list with that category preset. */
export default function BooksPage() {
  const { id } = useParams()
  return (
    <Page
      title={id ? categoryLabel(id) : 'All Books'}
      intro={id ? undefined : 'Stories to share at bedtime, on rainy days and on every adventure in between.'}
      className="max-w-7xl"
    >
      <BooksBrowser presetCategory={id} />
    </Page>
  )
}
