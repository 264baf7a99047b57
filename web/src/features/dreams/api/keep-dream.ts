import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { dreamsKey } from './list-dreams'

/** "Keep this story" (PATCH /api/dreams/{id} {kept}): a kept story stays past the retention schedule. */
export function keepDream({ id, kept }: { id: string; kept: boolean }): Promise<{ kept: boolean }> {
  return apiFetch<{ kept: boolean }>(`/api/dreams/${encodeURIComponent(id)}`, { method: 'PATCH', json: { kept } })
}

export function useKeepDream() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: keepDream, onSuccess: () => queryClient.invalidateQueries({ queryKey: dreamsKey }) })
}
