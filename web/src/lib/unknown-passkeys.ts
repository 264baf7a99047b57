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

/**
 * The error code of an /auth/v1 error answer, read as auth-js reads it: the
 * 2024-01-01 shape it asks for ({code: "…", message}), else the legacy one
 * ({code: 400, error_code: "…", msg}).
 */
export function authErrorCode(body: unknown): string | null {
  const { code, error_code: legacy } = (body ?? {}) as { code?: unknown; error_code?: unknown }
  if (typeof code === 'string') return code
  return typeof legacy === 'string' ? legacy : null
}

/** Called with each refused passkey sign-in (POST …/passkeys/authentication/verify) and the body that was sent. */
export async function passkeyRefused(response: Response, requestBody: BodyInit | null | undefined) {
  const body: unknown = await response.json().catch(() => null)
  if (authErrorCode(body) === 'webauthn_credential_not_found') passkeyUnknown(requestBody)
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
 * Whether the login page may offer the passkey autofill. The signal is only
 * advice (a passkey manager may keep the passkey), and the autofill cannot
 * leave one passkey out, so after a refused passkey the autofill stays off on
 * this device until a passkey signs in or is added here; the button's picker
 * still offers every passkey.
 */
export function mayOfferPasskeyAutofill(): boolean {
  return remembered().length === 0
}

/** A passkey signed in, or one was added on this device: what was noted before no longer holds anything back. */
export function passkeyWorked() {
  try {
    localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Nothing was kept.
  }
}
