import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

export function deleteAccount(password: string): Promise<void> {
  return apiFetch<void>('/api/account', { method: 'DELETE', json: { password } })
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount })
}
