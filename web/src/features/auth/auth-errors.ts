/** Reading auth-js errors the way spec 01 §8 describes them. */
type MaybeError = { message?: string; code?: string } | null | undefined

const text = (e: MaybeError) => `${e?.code ?? ''} ${e?.message ?? ''}`

export function isEmailNotConfirmed(e: MaybeError): boolean {
  return /Email not confirmed|email_not_confirmed/i.test(text(e))
}

export function isAlreadyRegistered(e: MaybeError): boolean {
  return /already registered|already in use|email already|user_already_exists/i.test(text(e))
}

/** A cooldown response ("...only request this after 42 seconds."). */
export function mentionsSeconds(e: MaybeError): boolean {
  return /seconds/i.test(e?.message ?? '')
}

/** Errors an auth callback URL may carry, in its query or its fragment (error, error_code, error_description). */
export function urlAuthError(url: URL): { code: string; description: string } | null {
  const params = new URLSearchParams(url.search)
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''))
  const get = (k: string) => params.get(k) ?? hash.get(k)
  const code = get('error_code') ?? get('error')
  const description = get('error_description')
  if (!code && !description) return null
  return { code: code ?? 'unknown', description: description ?? 'The link could not be used.' }
}
