import { useEffect, useRef, type ReactNode, type Ref } from 'react'
import { cn } from '@/lib/cn'

/** One page of a storybook as the reading API serves it (docs/storybooks.md). */
export type StoryPage = {
  id: string
  /** The text as the server rendered and sanitized it, each word a `<span class="w" data-w="N">`. */
  html: string
  words: number
  picture?: string | null
  /** What the picture shows, for a reader who cannot see it; empty when the words already tell it. */
  alt?: string | null
  narration?: string | null
  /** Milliseconds into the narration at which each word starts. */
  timings?: number[] | null
  choices: { label: string; to: string }[]
  /** The ending's name; an ending has no choices. */
  ending?: string | null
}

/** The text sizes a reader can pick, smallest first. */
export const textSizes = ['big', 'bigger', 'biggest'] as const
export type TextSize = (typeof textSizes)[number]

const sizeClass: Record<TextSize, string> = {
  big: 'text-2xl sm:text-3xl',
  bigger: 'text-3xl sm:text-4xl',
  biggest: 'text-4xl sm:text-5xl',
}

/** Words lit while they are read aloud, first and last by their data-w. */
export type Highlight = { from: number; to: number } | null

/**
 * One storybook page as a child sees it: the picture, big text, and the
 * choices as big buttons, or at an ending its name and `ending` (what comes
 * next). The reader and the back office's "Read it" preview render it alike.
 * A page turned to (`turned`) slides in; the page a story opens on does not,
 * so the server-rendered first page paints at once. A reader who asked for less
 * motion gets every page at once (index.css stops every animation for them).
 */
export function PageView({
  page,
  heading,
  headingRef,
  textSize = 'big',
  highlight = null,
  onChoose,
  ending,
  turned = false,
  className,
}: {
  page: StoryPage
  /** The page's heading ("Page 2"), focused when the page turns. */
  heading: string
  headingRef?: Ref<HTMLHeadingElement>
  textSize?: TextSize
  highlight?: Highlight
  onChoose: (to: string) => void
  /** Shown below an ending's name: endings found, the map, start again. */
  ending?: ReactNode
  /** The reader turned to this page (it slides in), rather than opening the story on it. */
  turned?: boolean
  className?: string
}) {
  return (
    <article key={page.id} className={cn('grid grid-cols-1 items-start gap-6 lg:grid-cols-2 lg:gap-10', turned && 'animate-page-turn', className)} aria-labelledby={`story-page-${page.id}`}>
      {page.picture ? (
        // Without the author's words for it, the picture shows what the text beside it tells: nothing more to say.
        <img
          src={page.picture}
          alt={page.alt ?? ''}
          width={800}
          height={600}
          className="aspect-[4/3] w-full rounded-3xl border-4 border-white bg-sun-100 object-contain shadow-lg"
        />
      ) : null}
      <div className={cn('flex min-w-0 flex-col gap-6', !page.picture && 'lg:col-span-2 lg:mx-auto lg:max-w-3xl')}>
        <h2 id={`story-page-${page.id}`} ref={headingRef} tabIndex={-1} className="w-fit rounded-full bg-sun-300 px-4 py-1 text-lg font-bold text-ink">
          {heading}
        </h2>
        <StoryText html={page.html} textSize={textSize} highlight={highlight} />
        {!page.ending && (
          <ul aria-label="What happens next?" className="flex flex-col gap-4 sm:flex-row sm:flex-wrap">
            {page.choices.map((choice) => (
              <li key={`${choice.to}-${choice.label}`} className="sm:min-w-60 sm:flex-1">
                <button
                  type="button"
                  onClick={() => onChoose(choice.to)}
                  className="min-h-16 w-full cursor-pointer rounded-3xl bg-tiger-700 px-6 py-4 text-center font-display text-xl font-bold text-white shadow-[0_5px_0_var(--color-tiger-900)] transition hover:-translate-y-0.5 hover:bg-tiger-800 active:translate-y-0.5 sm:text-2xl"
                >
                  {choice.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {page.ending && (
        // Across the page, below the picture and the words: the ending's name and what comes next have room.
        <section aria-label="The end" className="min-w-0 rounded-3xl bg-leaf-100 p-5 text-center sm:p-8 lg:col-span-2">
          <p className="font-display text-2xl font-bold text-leaf-800">The End</p>
          <p className="mt-1 font-display text-3xl font-bold text-ink sm:text-4xl">{page.ending}</p>
          {ending}
        </section>
      )}
    </article>
  )
}

/**
 * The page's words from the server's sanitized HTML (as ArticleHtml draws a
 * post), the words being read lit by a class on their spans: the spans are
 * the server's, so the class is set on them, not drawn by React.
 */
function StoryText({ html, textSize, highlight }: { html: string; textSize: TextSize; highlight: Highlight }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const words = ref.current?.querySelectorAll<HTMLElement>('span.w[data-w]') ?? []
    for (const word of words) {
      const n = Number(word.dataset.w)
      word.classList.toggle('is-read', highlight !== null && n >= highlight.from && n <= highlight.to)
    }
  }, [html, highlight])
  return (
    <div
      ref={ref}
      data-story-text=""
      className={cn(
        'space-y-4 font-semibold leading-relaxed text-ink',
        '[&_.w]:rounded-lg [&_.w]:transition-colors [&_.w.is-read]:bg-sun-300 [&_.w.is-read]:shadow-[0_0_0_3px_var(--color-sun-300)]',
        '[&_em]:text-tiger-800 [&_strong]:text-tiger-800',
        sizeClass[textSize],
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
