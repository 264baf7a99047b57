import { describe, expect, it } from 'vitest'
import { changedFields, showValue } from './diff'

describe('changedFields', () => {
  it('lists only the fields that changed, added or removed', () => {
    expect(changedFields({ email: 'a@x', role: 'user', n: 1 }, { email: 'a@x', role: 'editor', extra: [1] })).toEqual([
      { field: 'role', before: 'user', after: 'editor' },
      { field: 'n', before: 1, after: undefined },
      { field: 'extra', before: undefined, after: [1] },
    ])
  })
  it('treats a creation or deletion as every field changed', () => {
    expect(changedFields(null, { title: 'Moon' })).toEqual([{ field: 'title', before: undefined, after: 'Moon' }])
    expect(changedFields({ title: 'Moon' }, null)).toEqual([{ field: 'title', before: 'Moon', after: undefined }])
  })
  it('compares nested values by content', () => {
    expect(changedFields({ pairs: [{ x: 1 }] }, { pairs: [{ x: 1 }] })).toEqual([])
    expect(changedFields({ pairs: [{ x: 1 }] }, { pairs: [{ x: 2 }] })).toHaveLength(1)
  })
  it('gives up on values that are not objects', () => {
    expect(changedFields([1], [2])).toBeNull()
    expect(changedFields('a', { a: 1 })).toBeNull()
  })
})

describe('showValue', () => {
  it('shows text plainly, nothing as a dash and the rest as JSON', () => {
    expect(showValue('editor')).toBe('editor')
    expect(showValue(null)).toBe('—')
    expect(showValue(undefined)).toBe('—')
    expect(showValue({ a: [1, true] })).toBe('{"a":[1,true]}')
    expect(showValue(3)).toBe('3')
  })
})
