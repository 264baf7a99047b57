import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { AccountProfile, ProfilePatch } from '../types'
import { profileQueryOptions } from './get-profile'

export function updateProfile(patch: ProfilePatch): Promise<AccountProfile> {
  return apiFetch<AccountProfile>('/api/profile', { method: 'PATCH', json: patch })
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  })
}
