import { paths } from '@/config/paths'
import { writeCookie } from '@/lib/cookies'

// The one-time pass to /thank-you: set after a successful payment, cleared on arrival.
const FLAG_KEY = 'paymentComplete'
const ORDER_KEY = 'paymentCompleteOrder'

/**
 * A session cookie beside the pass, for the server: /thank-you opened
 * without it goes to /checkout before any page renders (internal/server,
 * thankYou). The pass itself stays the app's word, per tab.
 */
const PASS_COOKIE = 'payment_pass'

export function setPaymentComplete(orderNumber?: string) {
  writeCookie(PASS_COOKIE, '1', { path: paths.thankYou })
  try {
    sessionStorage.setItem(FLAG_KEY, 'true')
    if (orderNumber) sessionStorage.setItem(ORDER_KEY, orderNumber)
    else sessionStorage.removeItem(ORDER_KEY)
  } catch {
    // Storage blocked: the thank-you page will send the buyer to /checkout; the order is recorded anyway.
  }
}

/** The pass to /thank-you, with the order's number when the payment gave one. */
export type PaymentPass = { complete: boolean; orderNumber?: string }

/** Reads the flag without clearing it. */
export function peekPaymentComplete(): PaymentPass {
  try {
    if (sessionStorage.getItem(FLAG_KEY) !== 'true') return { complete: false }
    return { complete: true, orderNumber: sessionStorage.getItem(ORDER_KEY) ?? undefined }
  } catch {
    return { complete: false }
  }
}

export function clearPaymentComplete() {
  writeCookie(PASS_COOKIE, null, { path: paths.thankYou })
  try {
    sessionStorage.removeItem(FLAG_KEY)
    sessionStorage.removeItem(ORDER_KEY)
  } catch {
    // nothing to clear
  }
}
