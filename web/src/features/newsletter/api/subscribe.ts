import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

export type Subscription = { email: string; subscribed: boolean }

/** Upserts the address with subscribed = true: a repeat sign-up updates the same row. */
export function subscribe(email: string): Promise<Subscription> {
  return apiFetch<Subscription>('/api/newsletter', { method: 'POST', json: { email } })
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe })
}
