import type { BookFormat } from '@/lib/formats'

/** What a book is in the back office (draft, on sale, or taken off sale). */
export type BookStatus = 'draft' | 'published' | 'archived'

/** A book as the back office reads and edits it (GET /api/admin/books/{id}). */
export type AdminBook = {
  id: number
  title: string
  author: string
  description: string
  priceCents: number
  category: string
  pages: number
  isbn: string
  /** YYYY-MM-DD */
  publicationDate: string
  isNewRelease: boolean
  /** Pre-orders on: while publicationDate is to come, the published book takes pre-orders (issue 39). */
  preorders: boolean
  coverImage: string
  /** Out of 5; null: not rated. */
  rating: number | null
  status: BookStatus
  /** Copies on hand; null when the book's stock is not tracked (always available). */
  stock: number | null
  /** One of ageBands, or '' for none. */
  ageBand: string
  slug: string
  version: number
  updatedAt: string
  /** Each format it is sold in (issue 37), print first, with the files of the downloadable ones. */
  formats?: AdminFormat[]
}

/** An uploaded file (POST /api/admin/files): an EPUB, a PDF or an audio track. */
export type AdminFile = { id: string; kind: string; name: string; size: number }

/** One format of a book as the back office reads it. */
export type AdminFormat = { format: BookFormat; priceCents: number; inStock?: boolean; files?: AdminFile[] }

/** One format as a save sends it: its price and its files' ids, in their order. */
export type FormatPatch = { format: BookFormat; priceCents: number; files: string[] }

/** The fields a save sends: everything but what the server keeps; formats by their files' ids. */
export type BookFields = Omit<AdminBook, 'id' | 'version' | 'updatedAt' | 'formats'> & { formats?: FormatPatch[] }

/** GET /api/admin/books */
export type BookPage = { books: AdminBook[]; total: number }

/** A category as the back office edits it, with its number of published books. */
export type AdminCategory = { id: string; name: string; description: string; position: number; version: number; count: number }

/** POST /api/admin/covers: the uploaded picture's URL (its largest copy) and its copies for srcset. */
export type UploadedCover = { coverImage: string; srcset: string; widths: number[]; width: number; height: number }

/** One data row of an imported CSV: its line in the file, what the import does with it, and its errors by column. */
export type ImportRow = {
  line: number
  action: 'create' | 'update' | 'unchanged'
  id?: number
  errors: Record<string, string> | null
  /** The picture of a ZIP file the book gets as its cover. */
  cover?: { file: string; coverImage: string }
}

/** POST /api/admin/books/import[?dryRun=1]; pictures: those of a ZIP file no row took. */
export type ImportReport = { rows: ImportRow[]; valid: boolean; pictures?: { file: string; problem: string }[] }

export const statusNames: Record<BookStatus, string> = { draft: 'Draft', published: 'Published', archived: 'Archived' }

export const ageBands = ['0–3', '4–6', '6–8', '8–10', '10–12'] as const
