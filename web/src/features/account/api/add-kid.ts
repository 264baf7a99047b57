import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Kid, KidInput } from '../types'
import { kidsQueryOptions } from '@/lib/kids'

export function addKid(input: KidInput): Promise<Kid> {
  return apiFetch<Kid>('/api/kids', { method: 'POST', json: input })
}

export function useAddKid() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: addKid, onSuccess: () => queryClient.invalidateQueries(kidsQueryOptions()) })
}
