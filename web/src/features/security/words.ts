import type { SignInMethod } from './types'

const methodNames: Record<SignInMethod, string> = {
  password: 'Password',
  link: 'E-mail link',
  code: 'E-mail code',
  google: 'Google',
  passkey: 'Passkey',
}

/** The name of a sign-in method as the page shows it. */
export function methodName(method: string): string {
  return methodNames[method as SignInMethod] ?? method
}

/** A country's name from its code (approximate place), or '' when unknown. */
export function placeName(code: string, locale?: string): string {
  if (!code) return ''
  try {
    return new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** A date and time as the page shows it. */
export function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
