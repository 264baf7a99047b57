import { PermittedPage } from '@/features/admin/components/permitted-page'
import { BackupsPage } from '@/features/admin-backups/components/backups-page'

/** /admin/backups: the owner's archives of the whole shop. */
export default function AdminBackupsRoute() {
  return (
    <PermittedPage
      permission="backups"
      title="Backups"
      intro="Archives of the whole shop: every order, account, consent record, book and picture. Restore one to put the shop back as it was."
    >
      <BackupsPage />
    </PermittedPage>
  )
}
