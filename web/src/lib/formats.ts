import { formatLongDate } from './dates'
import { formatCents } from './money'

/**
 * The forms a book is sold in (issue 37): the printed book, which ships, and
 * the digital ones, which the family gets in its library at payment. The
 * server sends a book's formats in this order; the words are the shop's.
 */
export const bookFormats = ['print', 'interactive', 'ebook', 'audiobook', 'printable'] as const

export type BookFormat = (typeof bookFormats)[number]

export const formatNames: Record<BookFormat, string> = {
  print: 'Print',
  interactive: 'Interactive',
  ebook: 'E-book',
  audiobook: 'Audiobook',
  printable: 'Printable',
}

/** One format of a book as GET /api/books sends it; inStock only on print. */
export type BookFormatOffer = { format: BookFormat; priceCents: number; inStock?: boolean }

export function isBookFormat(value: unknown): value is BookFormat {
  return typeof value === 'string' && (bookFormats as readonly string[]).includes(value)
}

/** Every format but print is delivered to the library: never shipped, one per family. */
export function isDigital(format: BookFormat): boolean {
  return format !== 'print'
}

/** The formats of these lines that ship: none means no address and no shipping. */
export function shipsAnything(lines: { format?: BookFormat }[]): boolean {
  return lines.some((l) => !isDigital(l.format ?? 'print'))
}

/**
 * A book's formats, in the server's order. A book from before formats (an
 * answer cached by an older page) is its printed book at its one price.
 */
export function offersOf(book: { formats?: BookFormatOffer[]; priceCents: number; inStock?: boolean }): BookFormatOffer[] {
  const known = (book.formats ?? []).filter((f) => isBookFormat(f.format))
  if (known.length > 0) return [...known].sort((a, b) => bookFormats.indexOf(a.format) - bookFormats.indexOf(b.format))
  return [{ format: 'print', priceCents: book.priceCents, ...(book.inStock === undefined ? {} : { inStock: book.inStock }) }]
}

/** The price of one format of a book, or undefined when the book is not sold in it. */
export function priceOf(book: Parameters<typeof offersOf>[0], format: BookFormat): number | undefined {
  return offersOf(book).find((f) => f.format === format)?.priceCents
}

/** What a card shows: the one price, or "from" the lowest when there are several formats. */
export function priceLabel(book: Parameters<typeof offersOf>[0]): string {
  const offers = offersOf(book)
  if (offers.length === 1) return formatCents(offers[0].priceCents)
  return `from ${formatCents(Math.min(...offers.map((f) => f.priceCents)))}`
}

/** What a book taking pre-orders says on its page and card: "Pre-order — ships March 3, 2027". */
export function preorderLabel(publicationDate: string): string {
  return `Pre-order — ships ${formatLongDate(publicationDate)}`
}

/** The day a cart with pre-orders ships, all in one parcel: its last book's; undefined when everything is out. */
export function shipsOn(lines: { releaseDate?: string }[]): string | undefined {
  return lines.reduce<string | undefined>((last, l) => (l.releaseDate && (!last || l.releaseDate > last) ? l.releaseDate : last), undefined)
}
