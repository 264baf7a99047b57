/**
 * The credentials typed on this page load (sign-up, or a login refused as
 * unconfirmed), held in memory only, never stored. The pending page uses them
 * to notice a verification done on another device: without a session there is
 * nothing else that may ask the server about this account, and a password
 * sign-in answers "Email not confirmed" until the link has been opened.
 * They are forgotten on sign-in and after 30 minutes.
 */
const TTL_MS = 30 * 60 * 1000

let held: { email: string; password: string; until: number } | null = null

export function holdCredentials(email: string, password: string) {
  held = { email, password, until: Date.now() + TTL_MS }
}

export function heldCredentials(email: string | null): { email: string; password: string } | null {
  if (!held || Date.now() > held.until) {
    held = null
    return null
  }
  if (email && held.email.toLowerCase() !== email.toLowerCase()) return null
  return { email: held.email, password: held.password }
}

export function forgetCredentials() {
  held = null
}
