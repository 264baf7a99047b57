import { describe, expect, it } from 'vitest'
import { methodName, placeName } from './words'

describe('security words', () => {
  it('names every sign-in method, and passes an unknown one through', () => {
    expect(['password', 'link', 'code', 'google', 'passkey'].map(methodName)).toEqual(['Password', 'E-mail link', 'E-mail code', 'Google', 'Passkey'])
    expect(methodName('sso')).toBe('sso')
  })

  it('names a country, and says nothing of an unknown place', () => {
    expect(placeName('FR', 'en')).toBe('France')
    expect(placeName('')).toBe('')
  })
})
