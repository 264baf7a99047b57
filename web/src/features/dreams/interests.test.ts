import { describe, expect, it } from 'vitest'
import { canCreate, toggleInterest, TOO_MANY_INTERESTS } from './interests'

describe('toggleInterest', () => {
  it('ignores a 4th choice with the warning', () => {
    const r = toggleInterest(['space', 'music', 'lego'], 'magic', 3)
    expect(r.chosen).toEqual(['space', 'music', 'lego'])
    expect(r.warning).toBe(TOO_MANY_INTERESTS)
  })
  it('keeps other last', () => {
    let r = toggleInterest([], 'other', 3)
    r = toggleInterest(r.chosen, 'space', 3)
    r = toggleInterest(r.chosen, 'music', 3)
    expect(r.chosen).toEqual(['space', 'music', 'other'])
  })
  it('removes a chosen one', () => {
    expect(toggleInterest(['space', 'other'], 'space', 3).chosen).toEqual(['other'])
  })
})

describe('canCreate', () => {
  it('needs a child and a gender', () => {
    expect(canCreate('', 'boy', false)).toBe(false)
    expect(canCreate('k1', '', false)).toBe(false)
    expect(canCreate('k1', 'boy', true)).toBe(false)
    expect(canCreate('k1', 'boy', false)).toBe(true)
  })
})
