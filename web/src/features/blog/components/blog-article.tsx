import { ArrowLeft, Clock } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ArticleHtml } from '@/components/ui/article-html'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { LoadFailed } from '@/components/ui/load-failed'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { usePageMeta } from '@/lib/page-meta'
import { useGoBack } from '@/lib/use-go-back'
import { usePost } from '../api/get-post'
import { Byline, CategoryBadge } from './post-meta'

/**
 * The page of one post: its own article, whose HTML the server rendered and
 * sanitized. An id of no published post renders `notFound` (the app's
 * not-found page; the server has responded 404 for it already).
 */
export function BlogArticle({ id, notFound }: { id: number; notFound: ReactNode }) {
  const post = usePost(id)
  // History back, as the spec says; a visitor who arrived straight on the article goes to the post list.
  const back = useGoBack(paths.blog)
  usePageMeta(post.data?.title, post.data?.excerpt)
  const valid = Number.isInteger(id) && id > 0

  if (!valid || (post.isError && post.error instanceof ApiError && post.error.status === 404)) return notFound
  // A screen tall, so the footer is not on screen to be pushed down when the article arrives.
  if (post.isPending) return <Loading label="Loading article..." className="min-h-[100svh]" />
  if (post.isError) return <LoadFailed what="this article" onRetry={() => void post.refetch()} className="mx-auto my-16 max-w-xl" />

  const a = post.data
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <Button variant="outline" size="sm" onClick={back}>
        <ArrowLeft /> Back
      </Button>
      <header className="mt-6">
        <CategoryBadge category={a.category} />
        <h1 className="mt-3 text-4xl font-bold leading-tight sm:text-5xl">{a.title}</h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1">
          <Byline author={a.author} date={a.date} />
          <span className="inline-flex items-center gap-1.5 text-sm text-muted">
            <Clock className="size-4" aria-hidden="true" /> {a.readMinutes} min read
          </span>
        </div>
      </header>
      {a.image && <img src={a.image} alt={a.imageAlt} width={400} height={250} className="mt-8 aspect-[8/5] w-full rounded-3xl object-cover shadow-md" />}
      <ArticleHtml html={a.html} className="mt-8" />
      <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 rounded-3xl bg-tiger-50 p-6">
        <p className="font-display text-xl font-semibold">Enjoyed this post?</p>
        <Button asChild variant="secondary">
          <Link to={paths.blog}>More from the blog</Link>
        </Button>
      </footer>
    </article>
  )
}
