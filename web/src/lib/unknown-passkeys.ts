/**
 * Passkeys the server knows no account for (the account was deleted, or the
 * passkey removed from it). The server says so at sign-in
 * (`webauthn_credential_not_found`); the browser is then told, where it can
 * be (WebAuthn's PublicKeyCredential.signalUnknownCredential), so that its
 * passkey manager stops offering the passkey, and this device stops offering
 * the passkey autofill that would pick it again and again.
 */

const STORAGE_KEY = 'siso-unknown-passkeys'

/** The relying party of the last sign-in challenge (the shop's, which may be a parent of this host). */
let rpId: string | undefined

/** Called with each sign-in challenge the server gives (POST /auth/v1/passkeys/authentication/options). */
export function signInOptionsSeen(body: unknown) {
  const id = (body as { options?: { rpId?: unknown } } | null)?.options?.rpId
  if (typeof id === 'string' && id) rpId = id
}

/** The credential id (base64url) of a passkey sign-in's request body, if it has one. */
export function credentialIdOf(body: BodyInit | null | undefined): string | null {
  if (typeof body !== 'string') return null
  try {
    const id = (JSON.parse(body) as { credential?: { id?: unknown } }).credential?.id
    return typeof id === 'string' && /^[A-Za-z0-9_-]+$/.test(id) ? id : null
  } catch {
    return null
  }
}

function remembered(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/** The server refused a passkey sign-in because it knows the credential for nobody. */
export function passkeyUnknown(requestBody: BodyInit | null | undefined) {
  const credentialId = credentialIdOf(requestBody)
  if (!credentialId) return
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...new Set([...remembered(), credentialId])].slice(-20)))
  } catch {
    // Private mode without storage: the browser is still told below.
  }
  if (browserCanForget()) {
    PublicKeyCredential.signalUnknownCredential({ rpId: rpId ?? window.location.hostname, credentialId }).catch(() => {})
  }
}

function browserCanForget(): boolean {
  return typeof window.PublicKeyCredential === 'function' && typeof PublicKeyCredential.signalUnknownCredential === 'function'
}

/** Whether the server refused this passkey as unknown (the error auth-js hands back). */
export function isUnknownPasskey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'webauthn_credential_not_found'
}

/**
 * Whether the login page may offer the passkey autofill. A browser that
 * cannot be told to forget a passkey would offer the unknown one first
 * again: the autofill stays off on this device until a passkey signs in.
 */
export function mayOfferPasskeyAutofill(): boolean {
  return browserCanForget() || remembered().length === 0
}

/** A passkey signed in: what was noted before no longer holds anything back. */
export function passkeyWorked() {
  try {
    localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Nothing was kept.
  }
}
