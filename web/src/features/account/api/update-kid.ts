import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Kid, KidInput } from '../types'
import { kidsQueryOptions } from '@/lib/kids'

export function updateKid({ id, ...input }: KidInput & { id: string }): Promise<Kid> {
  return apiFetch<Kid>(`/api/kids/${encodeURIComponent(id)}`, { method: 'PATCH', json: input })
}

export function useUpdateKid() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateKid, onSuccess: () => queryClient.invalidateQueries(kidsQueryOptions()) })
}
