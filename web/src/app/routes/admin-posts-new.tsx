import { PermittedPage } from '@/features/admin/components/permitted-page'
import { PostEditor } from '@/features/admin-posts/components/post-editor'

/** /admin/posts/new: a new post, a draft until it is published. */
export default function AdminPostsNewRoute() {
  return (
    <PermittedPage permission="posts" title="New post">
      <PostEditor />
    </PermittedPage>
  )
}
