// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { getPendingEmail, getPendingUserId, releasePendingEmail, removePendingEmail, setPendingEmail } from './pending-email'

describe('pending verification e-mail and user id', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('keeps the signed-up user id beside the e-mail, and drops both together', () => {
    setPendingEmail('ada@example.com', 'a1b2')
    expect([getPendingEmail(), getPendingUserId()]).toEqual(['ada@example.com', 'a1b2'])
    removePendingEmail()
    expect([getPendingEmail(), getPendingUserId()]).toEqual([null, null])
  })

  it('an unconfirmed login (no id) does not keep an older account id', () => {
    setPendingEmail('ada@example.com', 'a1b2')
    setPendingEmail('bob@example.com')
    expect([getPendingEmail(), getPendingUserId()]).toEqual(['bob@example.com', null])
  })

  it('closing the page keeps both for this tab only', () => {
    setPendingEmail('ada@example.com', 'a1b2')
    releasePendingEmail()
    expect(localStorage.length).toBe(0)
    expect([getPendingEmail(), getPendingUserId()]).toEqual(['ada@example.com', 'a1b2'])
  })
})
