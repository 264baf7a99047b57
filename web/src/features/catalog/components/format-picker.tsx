import { useId } from 'react'
import { cn } from '@/lib/cn'
import { formatNames, type BookFormat, type BookFormatOffer } from '@/lib/formats'
import { formatCents } from '@/lib/money'

/** What each format is, in a parent's words. */
const formatHints: Record<BookFormat, string> = {
  print: 'The printed book, shipped to you',
  interactive: 'Read and choose what happens, in your Library',
  ebook: 'A file for your e-reader or tablet',
  audiobook: 'The story read aloud, to listen anywhere',
  printable: 'Activity pages to print at home',
}

/** The format a page opens with: print unless it is out of stock. */
export function firstChoice(offers: BookFormatOffer[]): BookFormat {
  return (offers.find((f) => f.inStock !== false) ?? offers[0]).format
}

/**
 * "Print $19.99 · Interactive $6.99 · E-book $4.99" as big options to tap:
 * radio buttons, so a keyboard and a screen reader choose as a finger does.
 */
export function FormatPicker({ offers, chosen, onChoose }: { offers: BookFormatOffer[]; chosen: BookFormat; onChoose: (format: BookFormat) => void }) {
  const name = useId()
  return (
    <fieldset className="mt-4">
      <legend className="mb-2 text-lg font-bold">Choose a format</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {offers.map((f) => {
          const soldOut = f.format === 'print' && f.inStock === false
          return (
            <label
              key={f.format}
              className={cn(
                'flex min-h-16 cursor-pointer items-center gap-3 rounded-2xl border-2 border-line bg-white p-3 transition hover:border-tiger-300 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-tiger-200',
                chosen === f.format && 'border-tiger-500 bg-tiger-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={f.format}
                checked={chosen === f.format}
                onChange={() => onChoose(f.format)}
                className="size-5 shrink-0 accent-tiger-600"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="text-lg font-bold">{formatNames[f.format]}</span>
                  <span className="text-lg font-extrabold text-tiger-700">{formatCents(f.priceCents)}</span>
                </span>
                <span className={cn('block text-sm', soldOut ? 'font-bold text-red-700' : 'text-muted')}>{soldOut ? 'Out of stock' : formatHints[f.format]}</span>
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
