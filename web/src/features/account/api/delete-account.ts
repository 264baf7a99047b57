import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

/** The owner's proof for a deletion: the password, or the code GET /auth/v1/reauthenticate e-mailed (accounts without one). */
export type DeletionProof = { password: string } | { code: string }

export function deleteAccount(proof: DeletionProof): Promise<void> {
  return apiFetch<void>('/api/account', { method: 'DELETE', json: proof })
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount })
}
