import { describe, expect, it } from 'vitest'
import { actorName } from './audit-kinds'

describe('actorName', () => {
  it('is the account’s address, a deleted account, or what acted without one', () => {
    expect(actorName({ actor: { id: 'u1', email: 'ann@example.com' } })).toBe('ann@example.com')
    expect(actorName({ actor: { id: 'u2', email: '', deleted: true } })).toBe('A deleted account')
    expect(actorName({ actor: { id: '', email: 'command line (bookshop admin)' } })).toBe('command line (bookshop admin)')
    expect(actorName({ actor: { id: '', email: '' } })).toBe('Unknown')
  })
})
