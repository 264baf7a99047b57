import { describe, expect, it } from 'vitest'
import { actorName, subjectOf } from './audit-kinds'

describe('actorName', () => {
  it('is the account’s address, a deleted account, or what acted without one', () => {
    expect(actorName({ actor: { id: 'u1', email: 'ann@example.com' } })).toBe('ann@example.com')
    expect(actorName({ actor: { id: 'u2', email: '', deleted: true } })).toBe('A deleted account')
    expect(actorName({ actor: { id: '', email: 'command line (bookshop admin)' } })).toBe('command line (bookshop admin)')
    expect(actorName({ actor: { id: '', email: '' } })).toBe('Unknown')
  })
})

describe('subjectOf', () => {
  const entry = { entity: 'user', entityId: 'u1', before: { role: 'user' }, after: { role: 'editor' } }
  it('names an account by its address now, or by its id once it is gone', () => {
    expect(subjectOf({ ...entry, entityEmail: 'pat@example.com' })).toBe('user pat@example.com')
    expect(subjectOf(entry)).toBe('user u1')
  })
  it('names other things by what their values say', () => {
    expect(subjectOf({ entity: 'book', entityId: '11', before: null, after: { title: 'Moon' } })).toBe('book Moon')
  })
})
