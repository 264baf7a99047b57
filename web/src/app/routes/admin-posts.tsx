import { AdminPage } from '@/features/admin/components/admin-shell'
import { RoleDenied } from '@/features/admin/components/gate-cards'
import { allows, useAdminMe } from '@/features/admin/context'
import { PostsList } from '@/features/admin-posts/components/posts-list'

/** /admin/posts: the blog's posts, for owners, managers and editors. */
export default function AdminPostsRoute() {
  if (!allows(useAdminMe(), 'posts')) return <RoleDenied />
  return (
    <AdminPage title="Posts" intro="The blog's articles for parents. A draft stays here; a published post is on the blog at once.">
      <PostsList />
    </AdminPage>
  )
}
