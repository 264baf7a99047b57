import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { problemOf } from './payment-problem'

describe('problemOf', () => {
  it('says a refusal of stock as stock, with the book and the copies left, and no step prefix', () => {
    const refused = new ApiError(409, 'out_of_stock', 'Sorry, only 1 left of Siso.', {}, { stock: { bookId: 1, left: 1 } })
    expect(problemOf(refused, 'Error creating PayPal order: ')).toEqual({ message: 'Sorry, only 1 left of Siso.', stock: { bookId: 1, left: 1 } })
  })

  it('keeps other refusals as they were', () => {
    const gone = new ApiError(409, 'conflict', 'Siso is no longer available. Please remove it from your cart.')
    expect(problemOf(gone, 'Payment failed: ')).toEqual({ message: 'Payment failed: Siso is no longer available. Please remove it from your cart.' })
    // A stock code without its details cannot correct the cart: said as it came.
    expect(problemOf(new ApiError(409, 'out_of_stock', 'Sorry.'))).toEqual({ message: 'Sorry.' })
    expect(problemOf(new ApiError(401, 'unauthorized', 'x'))).toEqual({ message: 'Please log in to buy digital books.', link: 'login' })
  })
})
