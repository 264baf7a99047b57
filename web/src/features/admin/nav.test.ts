import { describe, expect, it } from 'vitest'
import { navFor } from './nav'

describe('navFor', () => {
  it('shows only the pages a role may open', () => {
    expect(navFor(['catalog', 'posts', 'games', 'audit']).map((i) => i.label)).toEqual(['Dashboard', 'Books', 'Categories', 'Posts', 'Audit log'])
    expect(navFor(['staff', 'audit']).map((i) => i.label)).toEqual(['Dashboard', 'Staff', 'Audit log'])
    expect(navFor([]).map((i) => i.label)).toEqual(['Dashboard'])
  })
})
