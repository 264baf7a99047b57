import { describe, expect, it } from 'vitest'
import { bookIdFromParam } from './book-id'

describe('bookIdFromParam', () => {
  it('reads the canonical spelling of a positive whole number', () => {
    expect(bookIdFromParam('3')).toBe(3)
    expect(bookIdFromParam('120')).toBe(120)
  })

  it.each(['3.0', '03', '+3', '3e0', ' 3', '0', '-3', 'abc', '', '0x3', '9999999999'])('treats %j as no book', (raw) => {
    expect(bookIdFromParam(raw)).toBeNaN()
  })

  it('treats a missing param as no book', () => {
    expect(bookIdFromParam(undefined)).toBeNaN()
  })
})
