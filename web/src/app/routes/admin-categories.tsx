import { PermittedPage } from '@/features/admin/components/permitted-page'
import { CategoriesPage } from '@/features/admin-catalog/components/categories-page'

/** /admin/categories: the shop's shelves, their order and their real counts. */
export default function AdminCategoriesRoute() {
  return (
    <PermittedPage permission="catalog" title="Categories" intro="The shelves of the shop, in the order visitors see them. Counts are the published books in each.">
      <CategoriesPage />
    </PermittedPage>
  )
}
