import { PermittedPage } from '@/features/admin/components/permitted-page'
import { BookEditor } from '@/features/admin-catalog/components/book-editor'

/** /admin/books/new: a new book, a draft until it is published. */
export default function AdminBookNewRoute() {
  return (
    <PermittedPage permission="catalog" title="New book" intro="It is saved as a draft unless you choose otherwise; publishing needs its ISBN and a cover.">
      <BookEditor />
    </PermittedPage>
  )
}
