import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { dreamsKey } from './list-dreams'

export function deleteDream(id: string): Promise<null> {
  return apiFetch<null>(`/api/dreams/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

export function useDeleteDream() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dreamsKey }),
  })
}
