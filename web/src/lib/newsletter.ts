import { idempotentPost } from './idempotency'

/**
 * The checkout's "Send me news and offers" box (issue 39): the same double
 * opt-in as the footer's form, its consent kept with the source "checkout".
 * The server answers alike for every address and e-mails a link to confirm.
 */
export const subscribeAtCheckout = (() => {
  const post = idempotentPost<{ email: string; message: string }>('/api/newsletter')
  return (email: string) => post({ email, source: 'checkout' })
})()
