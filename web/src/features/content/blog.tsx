import { ArrowLeft, ArrowRight, CalendarDays, Clock, UserRound } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { usePageMeta } from '@/lib/page-meta'
import { useGoBack } from '@/lib/use-go-back'
import { formatLongDate } from '@/lib/dates'
import { article, blogPosts, type BlogPost } from './blog-data'
import { sanitizeHtml } from './sanitize'

const categoryTones: Record<string, string> = {
  'Reading Tips': 'bg-grape-100 text-grape-700',
  Learning: 'bg-sky-100 text-sky-700',
  Family: 'bg-tiger-100 text-tiger-700',
  Activities: 'bg-leaf-100 text-leaf-700',
  Kindness: 'bg-berry-100 text-berry-700',
}

function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return <Badge className={cn(categoryTones[category] ?? 'bg-sun-300 text-ink', className)}>{category}</Badge>
}

function Byline({ author, date }: { author: string; date: string }) {
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

/** The article: always the same one (spec), its HTML body sanitized before rendering. */
export function BlogArticle() {
  const body = useMemo(() => sanitizeHtml(article.html), [])
  // History back, as the spec says; a visitor who arrived straight on the article goes to the post list.
  const back = useGoBack(paths.blog)
  usePageMeta(article.title, blogPosts.find((post) => post.title === article.title)?.excerpt)
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <Button variant="outline" size="sm" onClick={back}>
        <ArrowLeft /> Back
      </Button>
      <header className="mt-6">
        <CategoryBadge category={article.category} />
        <h1 className="mt-3 text-4xl font-bold leading-tight sm:text-5xl">{article.title}</h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1">
          <Byline author={article.author} date={article.date} />
          <span className="inline-flex items-center gap-1.5 text-sm text-muted">
            <Clock className="size-4" aria-hidden="true" /> {article.readMinutes} min read
          </span>
        </div>
      </header>
      <img src={article.image} alt={article.imageAlt} width={400} height={250} className="mt-8 aspect-[8/5] w-full rounded-3xl object-cover shadow-md" />
      <div
        className={cn(
          'mt-8 space-y-5 text-lg leading-relaxed text-ink/85',
          '[&_h2]:pt-4 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-ink',
          '[&_a]:font-bold [&_a]:text-tiger-700 [&_a]:underline [&_a]:underline-offset-4',
          '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:marker:text-tiger-500',
          '[&_blockquote]:rounded-2xl [&_blockquote]:border-l-8 [&_blockquote]:border-sun-400 [&_blockquote]:bg-sun-100 [&_blockquote]:p-5 [&_blockquote]:font-semibold [&_blockquote]:text-ink',
        )}
        dangerouslySetInnerHTML={{ __html: body }}
      />
      <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 rounded-3xl bg-tiger-50 p-6">
        <p className="font-display text-xl font-semibold">Enjoyed this post?</p>
        <Button asChild variant="secondary">
          <Link to={paths.blog}>More from the blog</Link>
        </Button>
      </footer>
    </article>
  )
}
