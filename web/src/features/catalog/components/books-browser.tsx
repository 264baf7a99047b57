import { RotateCcw, Search, SearchX, SlidersHorizontal, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Loading } from '@/components/ui/loading'
import { Slider } from '@/components/ui/slider'
import { cn } from '@/lib/cn'
import { PAGE_SIZE, useBookList } from '../api/search-books'
import { defaultFilters, isDefaultFilters, PRICE_MAX, PRICE_MIN, PRICE_STEP, viewLocation, type BookFilters } from '../filters'
import { FILTERS_STATE, useBooksView, useExternalNavigationKey } from '../use-book-filters'
import type { Book, Category } from '../types'
import { BookGrid } from './book-card'

/** A pause in typing this long sends the search: one request per word, not per letter. */
const TYPING_PAUSE_MS = 250

type BrowserProps = {
  /** The shop's categories, from the server (GET /api/categories). */
  categories: Category[]
  presetCategory?: string
}

/** The searchable, filterable list of /books and /categories/{id}, searched on the server a page at a time. */
export function BooksBrowser({ categories, presetCategory }: BrowserProps) {
  // Re-read the URL after any navigation that was not the list's own write.
  const key = useExternalNavigationKey()
  return <BooksBrowserBody key={`${presetCategory ?? ''}:${key}`} categories={categories} presetCategory={presetCategory} />
}

function BooksBrowserBody({ categories, presetCategory }: BrowserProps) {
  const { view, show, setFilters } = useBooksView(
    categories.map((c) => c.id),
    presetCategory,
  )
  const { filters } = view
  const [panelOpen, setPanelOpen] = useState(false)
  const search = useBookList(view)
  const { first, books, total } = search
  const reset = () => setFilters(presetCategory ? { ...defaultFilters, categories: [presetCategory] } : defaultFilters)

  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <div className="flex items-center gap-3 lg:hidden">
        <Button variant="outline" aria-expanded={panelOpen} aria-controls="book-filters" onClick={() => setPanelOpen((o) => !o)}>
          <SlidersHorizontal /> {panelOpen ? 'Hide Filters' : 'Show Filters'}
        </Button>
      </div>

      <aside
        id="book-filters"
        aria-label="Filters"
        className={cn('shrink-0 rounded-2xl border-2 border-line bg-white p-5 shadow-sm lg:sticky lg:top-24 lg:block lg:w-64', panelOpen ? 'block' : 'hidden')}
      >
        <FilterPanel categories={categories} filters={filters} onChange={setFilters} onClose={() => setPanelOpen(false)} />
      </aside>

      <section aria-label="Books" aria-busy={search.searching || search.loadingMore} className="min-w-0 flex-1">
        <SearchBox value={filters.search} onChange={(text) => setFilters({ ...filters, search: text })} />

        {first.isPending ? (
          <Loading label="Loading books..." />
        ) : first.isError && !first.data ? (
          <Alert tone="error" className="mt-6">
            <p className="font-bold">We couldn't load the books.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void first.refetch()}>
              <RotateCcw /> Try again
            </Button>
          </Alert>
        ) : (
          <>
            <p role="status" className="mb-4 mt-5 font-bold text-muted">
              {total} books found
            </p>
            {total > 0 ? (
              <Results
                books={books}
                total={total}
                searching={search.searching}
                loadingMore={search.loadingMore}
                moreFailed={search.moreFailed}
                retryMore={search.retryMore}
                nextQuery={viewLocation({ filters, pages: view.pages + 1 }, presetCategory).query}
                onMore={() => show({ filters, pages: view.pages + 1 })}
              />
            ) : (
              <div className="flex flex-col items-center rounded-3xl border-2 border-dashed border-tiger-200 bg-white px-6 py-14 text-center">
                <SearchX className="size-12 text-tiger-400" aria-hidden="true" />
                <h2 className="mt-4 text-2xl font-bold">No books found</h2>
                <p className="mt-2 text-muted">Try adjusting your search or filter criteria</p>
                {!isDefaultFilters(filters) && (
                  <Button variant="outline" className="mt-5" onClick={reset}>
                    <RotateCcw /> Reset filters
                  </Button>
                )}
              </div>
            )}
          </>
        )}
      </section>
    </div>
  )
}

/**
 * The cards found so far and "Load more books", which adds the next page
 * below them (a phone keeps its place; the URL's page says how many pages
 * show). It is a link to that URL, so it works before the scripts load.
 * Once the page arrives, focus moves to its first card, where the button was.
 */
function Results(props: {
  books: Book[]
  total: number
  searching: boolean
  loadingMore: boolean
  moreFailed: boolean
  retryMore: () => void
  nextQuery: string
  onMore: () => void
}) {
  const { books, total, loadingMore, moreFailed } = props
  const { pathname } = useLocation()
  const grid = useRef<HTMLDivElement>(null)
  const focusCard = useRef<number | null>(null)
  useEffect(() => {
    const index = focusCard.current
    if (index === null || books.length <= index) return
    focusCard.current = null
    grid.current?.querySelectorAll<HTMLAnchorElement>('li > a')[index]?.focus({ preventScroll: true })
  }, [books.length])

  return (
    <>
      {/* The cards' titles are h3: this keeps the outline h1 > h2 > h3. */}
      <h2 className="sr-only">Book results</h2>
      <div ref={grid} className={cn('transition-opacity', props.searching && 'opacity-60')}>
        <BookGrid books={books} label="Book results" inView={2} />
      </div>
      <div className="mt-8 flex flex-col items-center gap-3 text-center">
        {/* Said only where the results page: "Showing 3 of 3" would tell nothing. */}
        <p aria-live="polite" className="text-sm font-bold text-muted">
          {total > PAGE_SIZE && `Showing ${books.length} of ${total} books`}
        </p>
        {moreFailed ? (
          <Alert tone="error">
            <p className="font-bold">We couldn't load more books.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={props.retryMore}>
              <RotateCcw /> Try again
            </Button>
          </Alert>
        ) : loadingMore ? (
          <Button variant="outline" size="lg" disabled>
            <span className="size-4 animate-spin rounded-full border-2 border-tiger-200 border-t-tiger-500" aria-hidden="true" /> Loading more books...
          </Button>
        ) : (
          books.length < total && (
            <Button asChild variant="outline" size="lg">
              <Link
                to={{ pathname, search: props.nextQuery }}
                replace
                preventScrollReset
                state={FILTERS_STATE}
                onClick={(e) => {
                  e.preventDefault()
                  focusCard.current = books.length
                  props.onMore()
                }}
              >
                Load more books
              </Link>
            </Button>
          )
        )}
      </div>
    </>
  )
}

/**
 * The search box. What is typed shows at once and is searched after a pause
 * in typing, or at once on Enter (the phone's Search key, which also puts the
 * keyboard away). Before the scripts load it is a plain GET form.
 */
function SearchBox({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    // Changed from outside (clear, reset, Back): show that.
    setShown(value)
    setText(value)
  }
  const latest = useRef(onChange)
  useEffect(() => {
    latest.current = onChange
  })
  useEffect(() => {
    if (text === value) return
    const timer = window.setTimeout(() => latest.current(text), TYPING_PAUSE_MS)
    return () => window.clearTimeout(timer)
  }, [text, value])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (text !== value) onChange(text)
    input.current?.blur()
  }

  return (
    <form role="search" method="get" className="relative" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        Search books
      </label>
      <Search className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-tiger-400" aria-hidden="true" />
      <Input
        ref={input}
        id={id}
        name="q"
        type="search"
        enterKeyHint="search"
        placeholder="Search by title or author..."
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="h-12 rounded-full pl-12 pr-12 text-lg [&::-webkit-search-cancel-button]:appearance-none"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setText('')
            onChange('')
          }}
          className="absolute right-2 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-tiger-100 hover:text-ink"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      )}
    </form>
  )
}

function FilterPanel({
  categories: options,
  filters,
  onChange,
  onClose,
}: {
  categories: Category[]
  filters: BookFilters
  onChange: (f: BookFilters) => void
  onClose: () => void
}) {
  const newOnlyId = useId()
  const priceLabelId = useId()
  // The thumbs move freely; the list is searched when they are let go (or at each arrow key).
  const [price, setPrice] = useState(filters.price)
  const [shownPrice, setShownPrice] = useState(filters.price)
  if (filters.price !== shownPrice) {
    setShownPrice(filters.price)
    setPrice(filters.price)
  }
  const toggleCategory = (id: string, checked: boolean) => {
    const categories = checked ? [...filters.categories, id] : filters.categories.filter((c) => c !== id)
    // Keep the panel's order so the URL is stable.
    onChange({ ...filters, categories: options.map((c) => c.id).filter((c) => categories.includes(c)) })
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between">
        <h2 className="text-xl font-bold">Filters</h2>
        <Button variant="ghost" size="sm" className="lg:hidden" onClick={onClose}>
          <X /> Close Filters
        </Button>
      </div>

      <fieldset>
        <legend id={priceLabelId} className="mb-3 font-bold">
          Price range
        </legend>
        <Slider
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          minStepsBetweenThumbs={0}
          value={price}
          onValueChange={(v) => setPrice([v[0], v[1]])}
          onValueCommit={(v) => onChange({ ...filters, price: [v[0], v[1]] })}
          thumbLabels={['Minimum price', 'Maximum price']}
          aria-labelledby={priceLabelId}
        />
        <p className="mt-2 flex justify-between text-sm font-bold text-muted" aria-live="polite">
          <span>${price[0]}</span>
          <span>${price[1]}</span>
        </p>
      </fieldset>

      <fieldset>
        <legend className="mb-3 font-bold">Categories</legend>
        <ul className="flex flex-col gap-2.5">
          {options.map((c) => {
            const id = `category-${c.id}`
            return (
              <li key={c.id} className="flex items-center gap-3">
                <Checkbox id={id} checked={filters.categories.includes(c.id)} onCheckedChange={(v) => toggleCategory(c.id, v === true)} />
                <Label htmlFor={id} className="cursor-pointer font-semibold">
                  {c.name}
                </Label>
              </li>
            )
          })}
        </ul>
      </fieldset>

      <div className="flex items-center gap-3 border-t-2 border-line pt-5">
        <Checkbox id={newOnlyId} checked={filters.newOnly} onCheckedChange={(v) => onChange({ ...filters, newOnly: v === true })} />
        <Label htmlFor={newOnlyId} className="cursor-pointer font-semibold">
          New Releases Only
        </Label>
      </div>
    </div>
  )
}
