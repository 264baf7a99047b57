import { ArrowRight, Newspaper } from 'lucide-react'
import { Link } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { LoadFailed } from '@/components/ui/load-failed'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { usePosts } from '../api/get-posts'
import type { PostSummary } from '../types'
import { Byline, CategoryBadge } from './post-meta'

/** The post list: the newest post large, the others in a grid. */
export function BlogList() {
  const posts = usePosts()
  // A screen tall, so the footer is not on screen to be pushed down when the posts arrive.
  if (posts.isPending) return <Loading label="Loading posts..." className="min-h-[100svh]" />
  if (posts.isError) return <LoadFailed what="the blog" onRetry={() => void posts.refetch()} />
  const [first, ...rest] = posts.data
  if (!first) {
    return (
      <p className="flex items-center gap-3 rounded-3xl bg-sun-100 p-6 text-lg font-semibold">
        <Newspaper className="size-6 text-tiger-500" aria-hidden="true" /> New posts are on their way. Please come back soon!
      </p>
    )
  }
  return (
    <div className="space-y-8">
      <PostCard post={first} featured />
      {rest.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2">
          {rest.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function PostCard({ post, featured = false }: { post: PostSummary; featured?: boolean }) {
  return (
    <article
      aria-labelledby={`post-${post.id}`}
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-3xl border-2 border-line bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-lg',
        featured && 'md:flex-row',
      )}
    >
      {post.image && (
        <img
          src={post.image}
          alt={post.imageAlt}
          width={400}
          height={250}
          className={cn('aspect-[8/5] w-full object-cover', featured && 'md:w-1/2')}
        />
      )}
      <div className={cn('flex flex-1 flex-col gap-3 p-6', featured && 'md:justify-center md:p-10')}>
        <CategoryBadge category={post.category} className="self-start" />
        <h2 id={`post-${post.id}`} className={cn('font-semibold leading-snug', featured ? 'text-3xl' : 'text-2xl')}>
          {/* The whole card is clickable through this link's stretched ::after. */}
          <Link to={paths.blogPost(post.id)} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-focus-within:underline">
            {post.title}
          </Link>
        </h2>
        <p className="leading-relaxed text-muted">{post.excerpt}</p>
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <Byline author={post.author} date={post.date} />
          <span className="inline-flex items-center gap-1 font-bold text-tiger-700" aria-hidden="true">
            Read <ArrowRight className="size-4 transition group-hover:translate-x-1" />
          </span>
        </div>
      </div>
    </article>
  )
}
