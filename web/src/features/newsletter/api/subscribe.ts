import { useMutation } from '@tanstack/react-query'
import { idempotentPost } from '@/lib/idempotency'

export type Subscription = { email: string; subscribed: boolean }

/** Upserts the address with subscribed = true: a repeat sign-up updates the same row. */
export function subscribe(email: string): Promise<Subscription> {
  return post({ email })
}

const post = idempotentPost<Subscription>('/api/newsletter')

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe })
}
