import { PermittedPage } from '@/features/admin/components/permitted-page'
import { PostsList } from '@/features/admin-posts/components/posts-list'

/** /admin/posts: the blog's posts, for owners, managers and editors. */
export default function AdminPostsRoute() {
  return (
    <PermittedPage permission="posts" title="Posts" intro="The blog's articles for parents. A draft stays here; a published post is on the blog at once.">
      <PostsList />
    </PermittedPage>
  )
}
