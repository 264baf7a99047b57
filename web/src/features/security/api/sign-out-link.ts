import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

/** The new-device e-mail's link: signs that session out, without signing in. */
export function signOutByLink(token: string): Promise<void> {
  return apiFetch<void>('/api/security/sign-out', { method: 'POST', json: { token } })
}

export function useSignOutByLink() {
  return useMutation({ mutationFn: signOutByLink })
}
