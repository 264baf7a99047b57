/**
 * The e-mail waiting for verification (spec 01 §4): stored at sign-up and on
 * an unconfirmed login, shown on /email-verification-pending, removed once
 * the user signs in. Kept in localStorage; when the pending page is closed it
 * moves to sessionStorage, so a reload of that tab still knows the address
 * while a closed tab forgets it.
 */
const KEY = 'pendingVerificationEmail'

export function getPendingEmail(): string | null {
  try {
    return window.localStorage.getItem(KEY) ?? window.sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function setPendingEmail(email: string) {
  try {
    window.localStorage.setItem(KEY, email)
  } catch {
    // Storage disabled: the pending page falls back to the signed-in user's e-mail.
  }
}

export function removePendingEmail() {
  try {
    window.localStorage.removeItem(KEY)
    window.sessionStorage.removeItem(KEY)
  } catch {
    // Nothing stored.
  }
}

/** Called when the pending page is closed: clear the local entry, keep it for this tab only. */
export function releasePendingEmail() {
  try {
    const email = window.localStorage.getItem(KEY)
    if (email) window.sessionStorage.setItem(KEY, email)
    window.localStorage.removeItem(KEY)
  } catch {
    // Nothing stored.
  }
}
