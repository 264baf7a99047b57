import { ArrowRight, CalendarDays, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { formatLongDate } from '@/lib/dates'
import { blogPosts, type BlogPost } from './blog-data'

const categoryTones: Record<string, string> = {
  'Reading Tips': 'bg-grape-100 text-grape-700',
  Learning: 'bg-sky-100 text-sky-700',
  Family: 'bg-tiger-100 text-tiger-700',
  Activities: 'bg-leaf-100 text-leaf-700',
  Kindness: 'bg-berry-100 text-berry-700',
}

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return <Badge className={cn(categoryTones[category] ?? 'bg-sun-300 text-ink', className)}>{category}</Badge>
}

export function Byline({ author, date }: { author: string; date: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
      <span className="inline-flex items-center gap-1.5">
        <UserRound className="size-4" aria-hidden="true" /> {author}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="size-4" aria-hidden="true" /> <time dateTime={date}>{formatLongDate(date)}</time>
      </span>
    </p>
  )
}

/** The post list: the newest post large, the others in a grid. */
export function BlogList() {
  const [first, ...rest] = blogPosts
  return (
    <div className="space-y-8">
      <PostCard post={first} featured />
      <ul className="grid gap-6 sm:grid-cols-2">
        {rest.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
    </div>
  )
}

function PostCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  return (
    <article
      aria-labelledby={`post-${post.id}`}
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-3xl border-2 border-line bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-lg',
        featured && 'md:flex-row',
      )}
    >
      <img src={post.image} alt={post.imageAlt} width={400} height={250} className={cn('aspect-[8/5] w-full object-cover', featured && 'md:w-1/2')} />
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
