import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { kidsQueryOptions } from '@/lib/kids'

export function removeKid(id: string): Promise<void> {
  return apiFetch<void>(`/api/kids/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

export function useRemoveKid() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: removeKid, onSuccess: () => queryClient.invalidateQueries(kidsQueryOptions()) })
}
