import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Communications } from '../types'
import { communicationsQueryOptions } from './get-communications'

export function updateCommunications(subscribed: boolean): Promise<Communications> {
  return apiFetch<Communications>('/api/communications', { method: 'PUT', json: { subscribed } })
}

export function useUpdateCommunications() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCommunications,
    onSuccess: (saved) => queryClient.setQueryData(communicationsQueryOptions().queryKey, saved),
  })
}
