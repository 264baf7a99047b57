import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { idempotentPost } from '@/lib/idempotency'

/** The same answer for every address (no one learns who subscribes): check your inbox. */
export type SignUp = { email: string; message: string }

/** Where a sign-up was made, kept with the consent. */
export type SignUpSource = 'footer' | 'profile' | 'checkout'

/** Records the address as pending and e-mails it a link to confirm (double opt-in). */
export function subscribe(email: string, source: SignUpSource = 'footer'): Promise<SignUp> {
  return post({ email, source })
}

const post = idempotentPost<SignUp>('/api/newsletter')

export function useSubscribe() {
  return useMutation({ mutationFn: (email: string) => subscribe(email) })
}

/** The confirmation e-mail's link: the address becomes subscribed. */
export function useConfirmSubscription() {
  return useMutation({
    mutationFn: (token: string) => apiFetch<{ email: string; status: string }>('/api/newsletter/confirm', { method: 'POST', json: { token } }),
  })
}

/** The unsubscribe page's button (the campaign's link), without signing in. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => apiFetch<{ status: string }>('/api/newsletter/unsubscribe', { method: 'POST', json: { token } }),
  })
}
