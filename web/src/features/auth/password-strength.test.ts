import { describe, expect, it } from 'vitest'
import { passwordScore, strengthLabel } from './password-strength'

describe('password strength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 0, 'Weak'],
    ['abcdefgh', 25, 'Weak'],
    ['Abc', 25, 'Weak'],
    ['Abcdefgh', 50, 'Fair'],
    ['Abcdefg1', 75, 'Good'],
    ['abc1!', 50, 'Fair'],
    ['Abcdef1!', 100, 'Strong'],
    ['A1!', 75, 'Good'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(passwordScore(password)).toBe(score)
    expect(strengthLabel(passwordScore(password))).toBe(label)
  })

  it('uses the thresholds 25, 50 and 75', () => {
    expect([25, 26, 50, 51, 75, 76].map(strengthLabel)).toEqual(['Weak', 'Fair', 'Fair', 'Good', 'Good', 'Strong'])
  })
})
