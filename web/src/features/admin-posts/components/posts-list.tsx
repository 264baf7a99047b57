import { ExternalLink, FilePlus2, Newspaper } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { LoadFailed } from '@/components/ui/load-failed'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { formatLongDate } from '@/lib/dates'
import { useAdminPosts } from '../api/posts'
import { statusNames, type ListedPost } from '../types'

/** /admin/posts: every post, drafts too, newest first, each opening its editor. */
export function PostsList() {
  const posts = useAdminPosts()
  return (
    <div className="space-y-4">
      <Button asChild>
        <Link to={paths.adminPostNew}>
          <FilePlus2 aria-hidden="true" /> New post
        </Link>
      </Button>
      {posts.isPending ? (
        <Loading label="Loading the posts..." />
      ) : posts.isError ? (
        <LoadFailed what="the posts" onRetry={() => void posts.refetch()} />
      ) : posts.data.length === 0 ? (
        <p className="flex items-center gap-3 rounded-2xl border-2 border-line bg-white p-6 font-semibold">
          <Newspaper className="size-5 text-tiger-700" aria-hidden="true" /> No posts yet. Write the first one!
        </p>
      ) : (
        <ul aria-label="Posts" className="divide-y-2 divide-line overflow-hidden rounded-2xl border-2 border-line bg-white">
          {posts.data.map((post) => (
            <PostRow key={post.id} post={post} />
          ))}
        </ul>
      )}
    </div>
  )
}

function PostRow({ post }: { post: ListedPost }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4">
      {post.coverImage ? (
        <img src={post.coverImage} alt="" width={80} height={50} className="hidden aspect-[8/5] w-20 shrink-0 rounded-lg object-cover sm:block" />
      ) : (
        <span className="hidden aspect-[8/5] w-20 shrink-0 rounded-lg bg-tiger-50 sm:block" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-display text-lg font-bold leading-snug">
          <Link to={paths.adminPost(post.id)} className="underline-offset-4 hover:underline">
            {post.title}
          </Link>
        </p>
        <p className="mt-1 text-sm text-muted">
          {post.author} · {post.category} · <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Badge className={cn(post.status === 'published' ? 'bg-leaf-100 text-leaf-800' : 'bg-sun-100 text-ink')}>{statusNames[post.status]}</Badge>
        {post.status === 'published' && (
          <Link to={paths.blogPost(post.id)} className="inline-flex items-center gap-1 text-sm font-bold text-tiger-700 underline-offset-4 hover:underline">
            View <span className="sr-only">{post.title} on the blog</span>
            <ExternalLink className="size-4" aria-hidden="true" />
          </Link>
        )}
      </div>
    </li>
  )
}
