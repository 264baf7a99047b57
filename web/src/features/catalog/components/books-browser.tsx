import { RotateCcw, Search, SearchX, SlidersHorizontal, X } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Loading } from '@/components/ui/loading'
import { Slider } from '@/components/ui/slider'
import { cn } from '@/lib/cn'
import { useBooks } from '../api/get-books'
import { categoryOptions, defaultFilters, filterBooks, isDefaultFilters, PRICE_MAX, PRICE_MIN, PRICE_STEP, type BookFilters } from '../filters'
import { useBookFilters, useExternalNavigationKey } from '../use-book-filters'
import { BookGrid } from './book-card'

/** The searchable, filterable list of /books and /categories/{id}. */
export function BooksBrowser({ presetCategory }: { presetCategory?: string }) {
  // Re-read the URL after any navigation that was not the filters' own write.
  const key = useExternalNavigationKey()
  return <BooksBrowserBody key={`${presetCategory ?? ''}:${key}`} presetCategory={presetCategory} />
}

function BooksBrowserBody({ presetCategory }: { presetCategory?: string }) {
  const [filters, setFilters] = useBookFilters(presetCategory)
  const [panelOpen, setPanelOpen] = useState(false)
  const books = useBooks()
  const found = useMemo(() => filterBooks(books.data ?? [], filters), [books.data, filters])
  const searchId = useId()

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
        <FilterPanel filters={filters} onChange={setFilters} onClose={() => setPanelOpen(false)} />
      </aside>

      <section aria-label="Books" className="min-w-0 flex-1">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search books
          </label>
          <Search className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-tiger-400" aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            placeholder="Search by title or author..."
            value={filters.search}
            onChange={(e) => setFilters({ ...filters, search: e.target.value })}
            className="h-12 rounded-full pl-12 pr-12 text-lg [&::-webkit-search-cancel-button]:appearance-none"
          />
          {filters.search && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => setFilters({ ...filters, search: '' })}
              className="absolute right-2 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-tiger-100 hover:text-ink"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          )}
        </div>

        {books.isPending ? (
          <Loading label="Loading books..." />
        ) : books.isError ? (
          <Alert tone="error" className="mt-6">
            <p className="font-bold">We couldn't load the books.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void books.refetch()}>
              <RotateCcw /> Try again
            </Button>
          </Alert>
        ) : (
          <>
            <p role="status" className="mb-4 mt-5 font-bold text-muted">
              {found.length} books found
            </p>
            {found.length > 0 ? (
              <>
                {/* The cards' titles are h3: this keeps the outline h1 > h2 > h3. */}
                <h2 className="sr-only">Book results</h2>
                <BookGrid books={found} label="Book results" inView={2} />
              </>
            ) : (
              <div className="flex flex-col items-center rounded-3xl border-2 border-dashed border-tiger-200 bg-white px-6 py-14 text-center">
                <SearchX className="size-12 text-tiger-400" aria-hidden="true" />
                <h2 className="mt-4 text-2xl font-bold">No books found</h2>
                <p className="mt-2 text-muted">Try adjusting your search or filter criteria</p>
                {!isDefaultFilters(filters) && (
                  <Button variant="outline" className="mt-5" onClick={() => setFilters(presetCategory ? { ...defaultFilters, categories: [presetCategory] } : defaultFilters)}>
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

function FilterPanel({
  filters,
  onChange,
  onClose,
}: {
  filters: BookFilters
  onChange: (f: BookFilters) => void
  onClose: () => void
}) {
  const newOnlyId = useId()
  const priceLabelId = useId()
  const toggleCategory = (id: string, checked: boolean) => {
    const categories = checked ? [...filters.categories, id] : filters.categories.filter((c) => c !== id)
    // Keep the panel's order so the URL is stable.
    onChange({ ...filters, categories: categoryOptions.map((c) => c.id).filter((c) => categories.includes(c)) })
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
          value={filters.price}
          onValueChange={(v) => onChange({ ...filters, price: [v[0], v[1]] })}
          thumbLabels={['Minimum price', 'Maximum price']}
          aria-labelledby={priceLabelId}
        />
        <p className="mt-2 flex justify-between text-sm font-bold text-muted" aria-live="polite">
          <span>${filters.price[0]}</span>
          <span>${filters.price[1]}</span>
        </p>
      </fieldset>

      <fieldset>
        <legend className="mb-3 font-bold">Categories</legend>
        <ul className="flex flex-col gap-2.5">
          {categoryOptions.map((c) => {
            const id = `category-${c.id}`
            return (
              <li key={c.id} className="flex items-center gap-3">
                <Checkbox id={id} checked={filters.categories.includes(c.id)} onCheckedChange={(v) => toggleCategory(c.id, v === true)} />
                <Label htmlFor={id} className="cursor-pointer font-semibold">
                  {c.label}
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
