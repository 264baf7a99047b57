// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { safeInternalPath } from './safe-path'

describe('safeInternalPath', () => {
  it.each([
    ['/', '/'],
    ['/profile', '/profile'],
    ['/books?q=tiger#top', '/books?q=tiger#top'],
    ['/a/../checkout', '/checkout'],
  ])('keeps the same-site path %j', (raw, want) => {
    expect(safeInternalPath(raw, '/home')).toBe(want)
  })

  it.each([
    null,
    undefined,
    '',
    'profile',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/%5Cevil.example'.replace('%5C', '\\'),
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
  ])('refuses %j', (raw) => {
    expect(safeInternalPath(raw, '/home')).toBe('/home')
    expect(safeInternalPath(raw, null)).toBeNull()
  })
})
