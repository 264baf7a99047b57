import type { BookFormatOffer } from '@/lib/formats'

/** A book of the catalogue, as GET /api/books returns it. */
export type Book = {
  id: number
  title: string
  author: string
  description: string
  coverImage: string
  /** Dollars, for display. */
  price: number
  /** The same price in cents, for arithmetic. */
  priceCents: number
  /** Out of 5; null for a book nobody rated, which shows no stars. */
  rating: number | null
  isNewRelease: boolean
  category: string
  pages: number
  isbn: string
  /** YYYY-MM-DD */
  publicationDate: string
  /** False only for a book whose stock is tracked and has no copy left: it shows "Out of stock" and cannot be added to a cart. */
  inStock?: boolean
  /** Printed copies left; null when the stock is not counted (always available). */
  stock?: number | null
  slug?: string
  /** The book has a published interactive storybook, read at /read/{slug} (docs/storybooks.md). */
  storybook?: boolean
  /** Each format it is sold in with its price, print first (issue 37); `price` above is the printed book's. */
  formats?: BookFormatOffer[]
  /** The book takes pre-orders: it comes out on `publicationDate`, when it ships and its digital formats open (issue 39). */
  preorder?: boolean
}

/** A shelf of the shop with its real number of books. */
export type Category = {
  id: string
  name: string
  description: string
  count: number
}
