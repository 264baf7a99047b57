import { PermittedPage } from '@/features/admin/components/permitted-page'
import { BooksList } from '@/features/admin-catalog/components/books-list'

/** /admin/books: the catalogue, for a role with the catalogue permission. */
export default function AdminBooksRoute() {
  return (
    <PermittedPage permission="catalog" title="Books" intro="Every book of the catalog, in any status. Search, filter, and open one to change it.">
      <BooksList />
    </PermittedPage>
  )
}
