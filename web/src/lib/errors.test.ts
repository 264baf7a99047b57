import { describe, expect, it } from 'vitest'
import { messageOf } from './errors'

describe('messageOf', () => {
  it('reads the message of an Error or an error-like object', () => {
    expect(messageOf(new Error('boom'))).toBe('boom')
    expect(messageOf({ message: 'Invalid login credentials', status: 400 })).toBe('Invalid login credentials')
  })

  it.each([null, undefined, 'text', 42, {}, { message: '' }, { message: 7 }, new Error('')])('falls back for %j', (e) => {
    expect(messageOf(e)).toBe('Something went wrong. Please try again.')
    expect(messageOf(e, 'Unknown error')).toBe('Unknown error')
  })
})
