import { useMutation, useQueryClient } from '@tanstack/react-query'
import { profileQueryOptions, updateProfile } from '@/lib/profile'

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions(profile.id).queryKey, profile),
  })
}
