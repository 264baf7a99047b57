import { useMutation, useQueryClient } from '@tanstack/react-query'
import { idempotentPost } from '@/lib/idempotency'
import type { Kid, KidInput } from '../types'
import { kidsQueryOptions } from '@/lib/kids'

/** A double submit of the form makes one child. */
export const addKid: (input: KidInput) => Promise<Kid> = idempotentPost<Kid>('/api/kids')

export function useAddKid() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: addKid, onSuccess: () => queryClient.invalidateQueries(kidsQueryOptions()) })
}
