import { describe, expect, it } from 'vitest'
import { postIdFromParam } from './post-id'

describe('postIdFromParam', () => {
  it('reads the one spelling the server takes', () => {
    expect(postIdFromParam('3')).toBe(3)
    expect(postIdFromParam('120')).toBe(120)
    for (const other of ['03', '+3', '3.0', '0', '-1', 'abc', '', undefined, '1e3', ' 3']) {
      expect(postIdFromParam(other), String(other)).toBeNaN()
    }
  })
})
