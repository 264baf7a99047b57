/**
 * Cookie consent (spec 01 §3 "Consent", §4 "Consent"): unset, 'essential'
 * or 'all', kept in localStorage under cookiesAccepted. Analytics and device
 * detection run only under 'all'.
 */
export type Consent = 'essential' | 'all'

export const CONSENT_KEY = 'cookiesAccepted'

export function getConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY)
    return value === 'all' || value === 'essential' ? value : null
  } catch {
    return null
  }
}

export function setConsent(value: Consent) {
  try {
    window.localStorage.setItem(CONSENT_KEY, value)
  } catch {
    // Storage can be disabled (private mode); the choice then lasts for this page only.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: value }))
}

/** Fired on window whenever the choice changes, so open UI can follow it. */
export const CONSENT_EVENT = 'consentchange'

/** True only when the visitor accepted all cookies: the gate for analytics and device detection. */
export function hasAnalyticsConsent(): boolean {
  return getConsent() === 'all'
}
