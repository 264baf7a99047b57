// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { setReturnTo, takeReturnTo } from './return-to'

describe('return target', () => {
  beforeEach(() => sessionStorage.clear())

  it('is read once', () => {
    setReturnTo('/checkout?step=2')
    expect(takeReturnTo('/')).toBe('/checkout?step=2')
    expect(takeReturnTo('/')).toBe('/')
  })

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/'])('never leaves the site: %j', (raw) => {
    setReturnTo(raw)
    expect(takeReturnTo('/')).toBe('/')
  })
})
