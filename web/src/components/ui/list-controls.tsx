import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/cn'

// The pieces of a back-office list whose filters live in the page's URL
// (books, orders): a labelled filter, the search box that asks the server
// once typing pauses, and the pages.

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 300

/** One labelled control of a filter bar. */
export function FilterField({ label, id, className, children }: { label: string; id: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  )
}

/**
 * The search box's text: it follows typing and calls `search` with the
 * trimmed words once typing pauses; `flush` stops the wait and returns the
 * words typed so far, for a filter chosen meanwhile. When the URL's search
 * (`q`) changes otherwise (Back), the box shows it.
 */
export function useSearchBox(q: string, search: (words: string) => void) {
  const [text, setText] = useState(q)
  const [shownQ, setShownQ] = useState(q)
  if (q !== shownQ) {
    setShownQ(q)
    if (q !== text.trim()) setText(q)
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return {
    text,
    type(value: string) {
      setText(value)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => search(value.trim()), SEARCH_DELAY_MS)
    },
    flush(): string {
      clearTimeout(timer.current)
      return text.trim()
    },
  }
}

/** Previous, "Page n of m", Next; nothing when there is one page. */
export function Pager({ page, count, onPage }: { page: number; count: number; onPage: (page: number) => void }) {
  if (count <= 1) return null
  const shown = Math.min(page, count)
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" disabled={shown <= 1} onClick={() => onPage(shown - 1)}>
        <ChevronLeft aria-hidden="true" /> Previous
      </Button>
      <span className="font-bold" aria-current="page">
        Page {shown} of {count}
      </span>
      <Button variant="outline" size="sm" disabled={shown >= count} onClick={() => onPage(shown + 1)}>
        Next <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  )
}
