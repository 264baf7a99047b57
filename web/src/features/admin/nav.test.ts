import { describe, expect, it } from 'vitest'
import { navFor } from './nav'

describe('navFor', () => {
  it('shows only the pages a role may open', () => {
    expect(navFor(['catalog', 'posts', 'games', 'audit', 'storybooks', 'storybooks.grants']).map((i) => i.label)).toEqual(['Dashboard', 'Books', 'Categories', 'Posts', 'Storybooks', 'Audit log'])
    expect(navFor(['orders.read', 'storybooks.grants']).map((i) => i.label)).toEqual(['Dashboard', 'Orders'])
    expect(navFor(['staff', 'audit']).map((i) => i.label)).toEqual(['Dashboard', 'Staff', 'Audit log'])
    expect(navFor(['staff', 'audit', 'backups']).map((i) => i.label)).toEqual(['Dashboard', 'Staff', 'Audit log', 'Backups'])
    expect(navFor([]).map((i) => i.label)).toEqual(['Dashboard'])
  })
})
