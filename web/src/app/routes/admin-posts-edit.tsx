import { useParams } from 'react-router'
import { PermittedPage } from '@/features/admin/components/permitted-page'
import { PostEditor } from '@/features/admin-posts/components/post-editor'

/** /admin/posts/{id}: a post's editor. */
export default function AdminPostsEditRoute() {
  const { id } = useParams()
  return (
    <PermittedPage permission="posts" title="Edit post">
      <PostEditor id={Number(id)} />
    </PermittedPage>
  )
}
