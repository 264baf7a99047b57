import { useParams } from 'react-router'
import { allows, useAdminMe } from '@/features/admin/context'
import { PermittedPage } from '@/features/admin/components/permitted-page'
import { StorybookEditor } from '@/features/admin-storybooks/components/storybook-editor'

/** /admin/storybooks/{id}: one storybook's pages, map, checks and publishing. */
export default function AdminStorybookRoute() {
  const { id } = useParams()
  const me = useAdminMe()
  return (
    <PermittedPage permission="storybooks" title="Edit storybook">
      {/* Keyed on the id: another storybook's editor starts from that one. */}
      <StorybookEditor key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} canGrant={allows(me, 'storybooks.grants')} />
    </PermittedPage>
  )
}
