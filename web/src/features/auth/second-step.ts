import type { Session } from '@supabase/auth-js'

/**
 * True when a fresh session still owes its second step: the user has a
 * verified factor and the token is not aal2 yet (what auth-js's
 * getAuthenticatorAssuranceLevel computes, read from the session in hand so
 * the sign-in does not wait for the client's lock).
 */
export function needsSecondStep(session: Session | null): boolean {
  if (!session?.user.factors?.some((f) => f.status === 'verified')) return false
  try {
    const payload = session.access_token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    return (JSON.parse(atob(payload)) as { aal?: string }).aal !== 'aal2'
  } catch {
    return true
  }
}
