import { PermittedPage } from '@/features/admin/components/permitted-page'
import { ImportPage } from '@/features/admin-catalog/components/import-page'

/** /admin/books/import: the catalogue as a spreadsheet, out and back in. */
export default function AdminImportRoute() {
  return (
    <PermittedPage permission="catalog" title="Import and export" intro="The catalog as a CSV file, for a spreadsheet, and its covers in a ZIP file.">
      <ImportPage />
    </PermittedPage>
  )
}
