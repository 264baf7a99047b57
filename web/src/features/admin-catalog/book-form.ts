import { formFieldOf, type ServerFieldNames } from '@/components/ui/form'
import { changedFields as fieldsChanged } from '@/components/ui/versioned-save'
import { ApiError } from '@/lib/api'
import { formatNames, type BookFormat } from '@/lib/formats'
import { z } from '@/lib/zod'
import { MAX_PRICE_CENTS, centsToDollars, dollarsToCents } from './price'
import type { AdminBook, AdminFile, BookFields, BookStatus, FormatPatch } from './types'

/** The formats beside print that an editor turns on or off; print is the book itself, at its price. */
export const digitalFormats = ['interactive', 'ebook', 'audiobook', 'printable'] as const satisfies readonly BookFormat[]
export type DigitalFormat = (typeof digitalFormats)[number]

/** The formats sold as files: an e-book (EPUB or PDF), an audiobook (its tracks in order), a printable (PDF). */
export const withFiles = (format: DigitalFormat) => format !== 'interactive'

/** One digital format in the form: on or off, its price as typed, and its files in their order. */
export type FormatValues = { format: DigitalFormat; on: boolean; price: string; files: AdminFile[] }

// The book editor's form: what the fields hold (text as typed, the price in
// dollars), the checks made before sending (the server checks everything
// again and its messages go on the same fields), and what a save sends.

export type BookFormValues = {
  title: string
  author: string
  description: string
  /** Sold in print (shipped, at price); off: a book sold in digital formats alone. */
  print: boolean
  /** The printed book's price in dollars, as typed ("12.99"); sent as priceCents. */
  price: string
  category: string
  pages: string
  isbn: string
  publicationDate: string
  isNewRelease: boolean
  /** Take pre-orders while the publication date is to come. */
  preorders: boolean
  coverImage: string
  rating: string
  status: BookStatus
  /** Off: stock is not tracked (sent as null). */
  trackStock: boolean
  stock: string
  ageBand: string
  slug: string
  /** The digital formats, in the shop's order. */
  formats: FormatValues[]
}

const wholeNumber = (min: number, max: number) => (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max

const validPrice = (text: string) => {
  const cents = dollarsToCents(text)
  return cents !== null && cents >= 1 && cents <= MAX_PRICE_CENTS
}

const priceMessage = 'Enter the price in dollars, from $0.01 to $1,000 (for example 12.99).'

const formatSchema = z
  .object({
    format: z.enum(digitalFormats),
    on: z.boolean(),
    price: z.string(),
    files: z.array(z.object({ id: z.string(), kind: z.string(), name: z.string(), size: z.number() })),
  })
  .superRefine((f, ctx) => {
    if (!f.on) return
    if (!validPrice(f.price)) ctx.addIssue({ code: 'custom', path: ['price'], message: priceMessage })
    if (withFiles(f.format) && f.files.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['files'],
        message: f.format === 'audiobook' ? 'Upload at least one track before selling the audiobook.' : `Upload the ${formatNames[f.format].toLowerCase()}'s file before selling it.`,
      })
  })

const name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(200, 'At most 200 characters.')

export const bookSchema = z
  .object({
    title: name('title'),
    author: name('author'),
    description: z.string().trim().max(5000, 'At most 5,000 characters.'),
    print: z.boolean(),
    price: z.string(),
    category: z.string().min(1, 'Choose a category.'),
    pages: z.string().refine(wholeNumber(1, 2000), 'Enter the number of pages: a whole number from 1 to 2000.'),
    isbn: z.string().trim(),
    publicationDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the publication date.'),
    isNewRelease: z.boolean(),
    preorders: z.boolean(),
    coverImage: z.string(),
    // Optional: a book nobody rated shows no stars.
    rating: z.string().refine((text) => text.trim() === '' || (/^\d(\.\d)?$/.test(text.trim()) && Number(text) <= 5), 'Enter a rating from 0 to 5, such as 4.5, or leave it empty.'),
    status: z.enum(['draft', 'published', 'archived']),
    trackStock: z.boolean(),
    stock: z.string(),
    ageBand: z.string(),
    slug: z
      .string()
      .trim()
      .min(1, 'Enter a slug: lowercase letters, digits and hyphens.')
      .max(100, 'At most 100 characters.')
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters a–z, digits and single hyphens between them.'),
    formats: z.array(formatSchema),
  })
  .refine((v) => !v.trackStock || wholeNumber(0, 1_000_000)(v.stock), {
    path: ['stock'],
    message: 'Enter the copies on hand: a whole number from 0 to 1,000,000.',
  })
  // Print's price only when it is sold in print; a book is sold in one format at least.
  .refine((v) => !v.print || validPrice(v.price), { path: ['price'], message: priceMessage })
  .refine((v) => v.print || v.formats.some((f) => f.on), {
    path: ['print'],
    message: 'A book is sold in at least one format: turn on print or a digital format.',
  })

/** A new book's form: a draft with its stock not tracked, as the seeded books. */
export const emptyBook: BookFormValues = {
  title: '',
  author: '',
  description: '',
  print: true,
  price: '',
  category: '',
  pages: '',
  isbn: '',
  publicationDate: '',
  isNewRelease: false,
  preorders: false,
  coverImage: '',
  rating: '',
  status: 'draft',
  trackStock: false,
  stock: '',
  ageBand: '',
  slug: '',
  formats: digitalFormats.map((format) => ({ format, on: false, price: '', files: [] })),
}

/** The form's values for a book the server sent. */
export function formValuesOf(book: AdminBook): BookFormValues {
  return {
    title: book.title,
    author: book.author,
    description: book.description,
    // A server without formats sells every book in print.
    print: !book.formats || book.formats.some((f) => f.format === 'print'),
    price: book.formats && !book.formats.some((f) => f.format === 'print') ? '' : centsToDollars(book.priceCents),
    category: book.category,
    pages: String(book.pages),
    isbn: book.isbn,
    publicationDate: book.publicationDate,
    isNewRelease: book.isNewRelease,
    preorders: book.preorders,
    coverImage: book.coverImage,
    rating: book.rating === null ? '' : String(book.rating),
    status: book.status,
    trackStock: book.stock !== null,
    stock: book.stock === null ? '' : String(book.stock),
    ageBand: book.ageBand,
    slug: book.slug,
    formats: digitalFormats.map((format) => {
      const sold = book.formats?.find((f) => f.format === format)
      return { format, on: !!sold, price: sold ? centsToDollars(sold.priceCents) : '', files: sold?.files ?? [] }
    }),
  }
}

/** The formats a save sends: print at the book's price when it is sold in print, then each digital format that is on. */
function formatsOf(values: BookFormValues): FormatPatch[] {
  const digital = values.formats.filter((f) => f.on).map((f) => ({ format: f.format, priceCents: dollarsToCents(f.price) ?? 0, files: withFiles(f.format) ? f.files.map((file) => file.id) : [] }))
  return values.print ? [{ format: 'print', priceCents: dollarsToCents(values.price) ?? 0, files: [] }, ...digital] : digital
}

/**
 * The book's priceCents: print's price, or without print the lowest of its
 * formats (as the server keeps it, so an unchanged book sends nothing).
 */
function priceCentsOf(values: BookFormValues, formats: FormatPatch[]): number {
  if (values.print) return dollarsToCents(values.price) ?? 0
  return formats.length > 0 ? Math.min(...formats.map((f) => f.priceCents)) : 0
}

/** A loaded book's formats as a save would send them, to tell whether they changed. */
function loadedFormats(book: AdminBook): FormatPatch[] {
  return (book.formats ?? []).map((f) => ({ format: f.format, priceCents: f.priceCents, files: (f.files ?? []).map((file) => file.id) }))
}

/** What a save sends for valid form values. */
export function fieldsOf(values: BookFormValues): BookFields {
  const formats = formatsOf(values)
  return {
    title: values.title.trim(),
    author: values.author.trim(),
    description: values.description.trim(),
    priceCents: priceCentsOf(values, formats),
    category: values.category,
    pages: Number(values.pages),
    isbn: values.isbn.trim(),
    publicationDate: values.publicationDate,
    isNewRelease: values.isNewRelease,
    preorders: values.preorders,
    coverImage: values.coverImage,
    rating: values.rating.trim() === '' ? null : Number(values.rating),
    status: values.status,
    stock: values.trackStock ? Number(values.stock) : null,
    ageBand: values.ageBand,
    slug: values.slug.trim(),
    formats,
  }
}

/** The fields whose value differs from the book as loaded: what a PATCH sends beside the version. */
export function changedFields(loaded: AdminBook, next: BookFields): Partial<BookFields> {
  const { formats, ...rest } = next
  const changes: Partial<BookFields> = fieldsChanged(loaded, rest)
  // Formats go as a whole list when any of them changed (to a server that has them).
  if (formats && loaded.formats && JSON.stringify(formats) !== JSON.stringify(loadedFormats(loaded))) changes.formats = formats
  // Without print, priceCents follows the formats; sent alone it would be taken as print's price.
  if (formats && !formats.some((f) => f.format === 'print')) delete changes.priceCents
  return changes
}

/** The form fields that show a server field's message (the price is typed in dollars). */
export const serverNames: ServerFieldNames = { priceCents: 'price' }

export const bookFormFields = Object.keys(emptyBook) as (keyof BookFormValues)[]

/**
 * The server's refusal with its field names as the form's. Messages for
 * fields the form does not have (a stale version...) stay in `others`.
 */
export function splitServerErrors(error: unknown): { onFields: ApiError | null; others: string[] } {
  if (!(error instanceof ApiError)) return { onFields: null, others: [] }
  const fields: Record<string, string> = {}
  const others: string[] = []
  for (const [field, message] of Object.entries(error.fields)) {
    const name = formFieldOf(field, bookFormFields, serverNames)
    if (name) fields[name] = message
    else others.push(`${field}: ${message}`)
  }
  return { onFields: new ApiError(error.status, error.code, error.message, fields), others }
}

/** Labels of the form's fields, for messages that name them (the changes kept across a reload). */
export const fieldLabels: Record<keyof BookFormValues, string> = {
  title: 'Title',
  author: 'Author',
  description: 'Description',
  print: 'Print',
  price: 'Price',
  category: 'Category',
  pages: 'Pages',
  isbn: 'ISBN',
  publicationDate: 'Publication date',
  isNewRelease: 'New release',
  preorders: 'Pre-orders',
  coverImage: 'Cover',
  rating: 'Rating',
  status: 'Status',
  trackStock: 'Track quantity',
  stock: 'Copies on hand',
  ageBand: 'Age band',
  slug: 'Slug',
  formats: 'Formats',
}

/** Form values compared as the stale-save list needs: the formats by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  return typeof a === 'object' && a !== null ? JSON.stringify(a) === JSON.stringify(b) : Object.is(a, b)
}
