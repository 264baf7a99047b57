// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { writeCookie } from './cookies'

describe('writeCookie', () => {
  it('sets a cookie and deletes it with null', () => {
    writeCookie('cart_filled', '1', { maxAgeS: 60 })
    expect(document.cookie).toContain('cart_filled=1')
    writeCookie('cart_filled', null)
    expect(document.cookie).not.toContain('cart_filled')
  })

  it('keeps a cookie to its path', () => {
    writeCookie('payment_pass', '1', { path: '/thank-you' })
    expect(document.cookie).not.toContain('payment_pass') // this page is not under /thank-you
    writeCookie('payment_pass', null, { path: '/thank-you' })
  })
})
