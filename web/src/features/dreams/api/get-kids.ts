import { useQuery } from '@tanstack/react-query'
import { kidsQueryOptions } from '@/lib/kids'

export function useKids() {
  return useQuery(kidsQueryOptions())
}
