import { Page } from '@/components/ui/page'
import { CategoriesList } from '@/features/catalog/components/categories-list'

export default function CategoriesPage() {
  return (
    <Page title="Categories" intro="Find the right shelf for every reader, from first counting books to bedtime mysteries." className="max-w-7xl">
      <CategoriesList />
    </Page>
  )
}
