/**
 * The e-mail waiting for verification (spec 01 §4): stored at sign-up and on
 * an unconfirmed login, shown on /email-verification-pending, removed once
 * the user signs in. Kept in localStorage; when the pending page is closed it
 * moves to sessionStorage, so a reload of that tab still knows the address
 * while a closed tab forgets it.
 *
 * Beside it, the signed-up account's user id (sign-up only: an unconfirmed
 * login's response has no id), which lets the pending page ask the server whether the
 * address has been confirmed on another device.
 */
const KEY = 'pendingVerificationEmail'
const USER_ID_KEY = 'pendingVerificationUserId'

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key) ?? window.sessionStorage.getItem(key)
  } catch {
    return null
  }
}

export function getPendingEmail(): string | null {
  return read(KEY)
}

/** The user id stored with the pending e-mail, if the sign-up in this browser gave one. */
export function getPendingUserId(): string | null {
  return read(USER_ID_KEY)
}

export function setPendingEmail(email: string, userId?: string) {
  try {
    window.localStorage.setItem(KEY, email)
    // An id belongs to one address: a login without one drops any older id.
    if (userId) window.localStorage.setItem(USER_ID_KEY, userId)
    else window.localStorage.removeItem(USER_ID_KEY)
    window.sessionStorage.removeItem(USER_ID_KEY)
  } catch {
    // Storage disabled: the pending page falls back to the signed-in user's e-mail.
  }
}

export function removePendingEmail() {
  try {
    for (const key of [KEY, USER_ID_KEY]) {
      window.localStorage.removeItem(key)
      window.sessionStorage.removeItem(key)
    }
  } catch {
    // Nothing stored.
  }
}

/** Called when the pending page is closed: clear the local entries, keep them for this tab only. */
export function releasePendingEmail() {
  try {
    for (const key of [KEY, USER_ID_KEY]) {
      const value = window.localStorage.getItem(key)
      if (value) window.sessionStorage.setItem(key, value)
      window.localStorage.removeItem(key)
    }
  } catch {
    // Nothing stored.
  }
}
