import { FolderX, RotateCcw } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { Loading } from '@/components/ui/loading'
import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { useCategories } from '@/features/catalog/api/get-categories'
import { BooksBrowser } from '@/features/catalog/components/books-browser'

/**
 * /books, and /categories/{id}: the same list with that category preset.
 * The categories are the server's, so one made in the back office has its
 * page and its filter at once (the server renders these pages with them).
 */
export default function BooksPage() {
  const { id } = useParams()
  const categories = useCategories()
  if (categories.isPending) return <Loading label="Loading books..." className="min-h-[100svh]" />
  if (categories.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Alert tone="error">
          <p className="font-bold">We couldn't load the books.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void categories.refetch()}>
            <RotateCcw /> Try again
          </Button>
        </Alert>
      </div>
    )
  }
  const category = id === undefined ? undefined : categories.data.find((c) => c.id === id)
  if (id !== undefined && !category) return <CategoryNotFound />
  return (
    <Page
      title={category ? category.name : 'All Books'}
      intro={category ? undefined : 'Stories to share at bedtime, on rainy days and on every adventure in between.'}
      className="max-w-7xl"
    >
      <BooksBrowser categories={categories.data} presetCategory={id} />
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
