import { describe, expect, it } from 'vitest'
import { emailError, passwordChangeProblem, passwordChangeProblems, passwordChangeReady } from './rules'

describe('profile e-mail, in the spec order', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['parent.example.com', 'Email must contain @'],
    ['parent@example', 'Email must contain a domain'],
    ['par ent@example.com', 'Please enter a valid email address'],
    ['parent@.com', 'Please enter a valid email address'],
    ['@example.com', 'Please enter a valid email address'],
  ])('%j: %s', (email, want) => {
    expect(emailError(email)).toBe(want)
  })
  it('accepts a plain address', () => {
    expect(emailError('parent@example.com')).toBeUndefined()
  })
})

describe('password change', () => {
  const ok = { current: 'old-secret', next: 'new-secret', confirmation: 'new-secret' }
  it('checks the current one first, then the length, then the match', () => {
    expect(passwordChangeProblem({ current: '', next: '1', confirmation: '2' })).toEqual({ field: 'current', message: 'Current password required' })
    expect(passwordChangeProblem({ ...ok, next: '12345', confirmation: '12345' })).toEqual({ field: 'next', message: 'New password must be at least 6 characters' })
    expect(passwordChangeProblem({ ...ok, confirmation: 'new-secreT' })).toEqual({ field: 'confirmation', message: "New password and confirmation don't match" })
    expect(passwordChangeProblem({ ...ok, next: '123456', confirmation: '123456' })).toBeUndefined()
  })
  it('names every broken rule, each on its field, so each field can say its own as it is typed', () => {
    expect(passwordChangeProblems({ current: '', next: '1', confirmation: '2' }).map((p) => p.field)).toEqual(['current', 'next', 'confirmation'])
    expect(passwordChangeProblems(ok)).toEqual([])
  })
  it('is ready only when every field has something', () => {
    expect(passwordChangeReady(ok)).toBe(true)
    expect(passwordChangeReady({ ...ok, current: '' })).toBe(false)
    expect(passwordChangeReady({ ...ok, next: '' })).toBe(false)
    expect(passwordChangeReady({ ...ok, confirmation: '' })).toBe(false)
  })
})
