import { FolderX } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { BooksBrowser } from '@/features/catalog/components/books-browser'
import { categoryLabel, isCategory } from '@/features/catalog/filters'

/** /books, and /categories/{id}: the same list with that category preset. */
export default function BooksPage() {
  const { id } = useParams()
  if (id !== undefined && !isCategory(id)) return <CategoryNotFound />
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

function CategoryNotFound() {
  return (
    <EmptyState
      icon={FolderX}
      title="Category Not Found"
      description="The category you're looking for doesn't exist."
      action={
        <Button asChild size="lg">
          <Link to={paths.books}>Browse Books</Link>
        </Button>
      }
    />
  )
}
