import { ArrowLeft, Clock } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { usePageMeta } from '@/lib/page-meta'
import { useGoBack } from '@/lib/use-go-back'
import { Byline, CategoryBadge } from './blog'
import { article, blogPosts } from './blog-data'
import { sanitizeHtml } from './sanitize'

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
