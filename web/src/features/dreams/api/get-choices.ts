import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Choices } from '../types'

export const choicesQueryOptions = queryOptions({
  queryKey: ['dreams', 'choices'],
  queryFn: () => apiFetch<Choices>('/api/dreams/choices'),
  staleTime: Infinity,
})

export function useChoices() {
  return useQuery(choicesQueryOptions)
}
