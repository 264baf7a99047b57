import { useParams } from 'react-router'
import { PermittedPage } from '@/features/admin/components/permitted-page'
import { BookEditor } from '@/features/admin-catalog/components/book-editor'
import { WaitingCount } from '@/features/restock/components/waiting-count'

/** /admin/books/{id}: one book's every field. */
export default function AdminBookEditRoute() {
  const { id } = useParams()
  return (
    <PermittedPage permission="catalog" title="Edit book">
      {/^\d+$/.test(id ?? '') && <WaitingCount bookId={Number(id)} />}
      {/* Keyed on the id: another book's editor starts from that book. */}
      <BookEditor key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />
    </PermittedPage>
  )
}
