import { Page } from '@/components/ui/page'

export default function CategoriesPage() {
  return <Page title="Categories" />
}
