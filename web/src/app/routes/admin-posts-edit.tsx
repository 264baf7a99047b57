import { useParams } from 'react-router'
import { AdminPage } from '@/features/admin/components/admin-shell'
import { RoleDenied } from '@/features/admin/components/gate-cards'
import { allows, useAdminMe } from '@/features/admin/context'
import { PostEditor } from '@/features/admin-posts/components/post-editor'

/** /admin/posts/{id}: a post's editor. */
export default function AdminPostsEditRoute() {
  const { id } = useParams()
  if (!allows(useAdminMe(), 'posts')) return <RoleDenied />
  return (
    <AdminPage title="Edit post">
      <PostEditor id={Number(id)} />
    </AdminPage>
  )
}
