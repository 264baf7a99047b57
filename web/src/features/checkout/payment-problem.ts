import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'

/** A refused payment: its words, and where they send the buyer (log in and come back, or the library). */
export type PaymentProblem = { message: string; link?: 'login' | 'library' }

/**
 * What a refused payment says: a guest buying digital books is asked to log in
 * (the cart stays), a format the family already has points to the library.
 * `prefix` names the step that failed ("Error creating PayPal order: ").
 */
export function problemOf(error: unknown, prefix = ''): PaymentProblem {
  const message = messageOf(error)
  if (error instanceof ApiError && error.status === 401) return { message: 'Please log in to buy digital books.', link: 'login' }
  if (error instanceof ApiError && error.status === 409 && message.includes('your Library')) return { message, link: 'library' }
  return { message: prefix + message }
}
