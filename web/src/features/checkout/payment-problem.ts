import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'

/** A book of the cart has too few printed copies left (0: sold out), as a refused payment says. */
export type StockShortage = { bookId: number; left: number }

/**
 * A refused payment: its words, where they send the buyer (log in and come
 * back, or the library), and for a refusal of stock the book and the copies
 * left, so the cart can be corrected.
 */
export type PaymentProblem = { message: string; link?: 'login' | 'library'; stock?: StockShortage }

/** The book and copies left of a refusal of stock (code out_of_stock), if it is one. */
export function stockShortageOf(error: unknown): StockShortage | undefined {
  if (!(error instanceof ApiError) || error.code !== 'out_of_stock') return undefined
  const stock = error.details.stock as Partial<StockShortage> | undefined
  if (!Number.isInteger(stock?.bookId) || !Number.isInteger(stock?.left)) return undefined
  return { bookId: stock!.bookId!, left: stock!.left! }
}

/**
 * What a refused payment says: a guest buying digital books is asked to log in
 * (the cart stays), a format the family already has points to the library, too
 * few copies left is said as stock. `prefix` names the step that failed
 * ("Error creating PayPal order: ") of the other refusals.
 */
export function problemOf(error: unknown, prefix = ''): PaymentProblem {
  const message = messageOf(error)
  if (error instanceof ApiError && error.status === 401) return { message: 'Please log in to buy digital books.', link: 'login' }
  if (error instanceof ApiError && error.status === 409 && message.includes('your Library')) return { message, link: 'library' }
  const stock = stockShortageOf(error)
  if (stock) return { message, stock }
  return { message: prefix + message }
}
