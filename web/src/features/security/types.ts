/** A signed-in session of the parent (GET /api/security/sessions). */
export type SessionInfo = {
  id: string
  /** "Chrome on macOS" */
  device: string
  ip: string
  /** Country code from GEOIP_DATABASE, or "". */
  place: string
  aal: string
  created_at: string
  last_used_at: string
  /** This browser's session. */
  current: boolean
}

/** How a sign-in was made. */
export type SignInMethod = 'password' | 'link' | 'code' | 'google' | 'passkey'

/** One sign-in, good or failed (GET /api/security/sign-ins). */
export type SignInEvent = {
  at: string
  method: SignInMethod | string
  ok: boolean
  device: string
  ip: string
  place: string
}
