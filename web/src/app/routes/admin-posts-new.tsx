import { AdminPage } from '@/features/admin/components/admin-shell'
import { RoleDenied } from '@/features/admin/components/gate-cards'
import { allows, useAdminMe } from '@/features/admin/context'
import { PostEditor } from '@/features/admin-posts/components/post-editor'

/** /admin/posts/new: a new post, a draft until it is published. */
export default function AdminPostsNewRoute() {
  if (!allows(useAdminMe(), 'posts')) return <RoleDenied />
  return (
    <AdminPage title="New post">
      <PostEditor />
    </AdminPage>
  )
}
