/** The readable message of anything thrown or returned as an error (Error, auth-js error, PayPal's objects), else the fallback. */
export function messageOf(e: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (e && typeof e === 'object' && 'message' in e && typeof e.message === 'string' && e.message) return e.message
  return fallback
}
