import { useQuery } from '@tanstack/react-query'
import { profileQueryOptions } from '@/lib/profile'

/** The signed-in parent's profile: the same cache entry the session keeps (lib/profile). */
export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId))
}
