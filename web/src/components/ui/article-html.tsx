import { cn } from '@/lib/cn'

/**
 * An article's body, from HTML the server rendered from Markdown and
 * sanitized (internal/posts): the blog's post pages and the back office's
 * preview render it alike. Never give it HTML from anywhere else.
 */
export function ArticleHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-5 text-lg leading-relaxed text-ink/85',
        '[&_h1]:pt-4 [&_h1]:font-display [&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:text-ink',
        '[&_h2]:pt-4 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-ink',
        '[&_h3]:pt-2 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink',
        '[&_strong]:text-ink [&_a]:font-bold [&_a]:text-tiger-700 [&_a]:underline [&_a]:underline-offset-4',
        '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:marker:font-bold [&_li]:marker:text-tiger-700',
        '[&_blockquote]:rounded-2xl [&_blockquote]:border-l-8 [&_blockquote]:border-sun-400 [&_blockquote]:bg-sun-100 [&_blockquote]:p-5 [&_blockquote]:font-semibold [&_blockquote]:text-ink',
        '[&_img]:rounded-2xl [&_hr]:border-line [&_code]:rounded [&_code]:bg-tiger-50 [&_code]:px-1',
        '[&_table]:w-full [&_td]:border [&_td]:border-line [&_td]:p-2 [&_th]:border [&_th]:border-line [&_th]:p-2 [&_th]:text-left',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
