import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { StaffMember } from '../types'
import type { StaffRoleChange } from './update-staff-role'
import { staffQueryOptions } from './get-staff'

/** POST /api/admin/staff/invite: e-mail someone without an account an invitation to the staff, with its role. */
export function inviteStaff(invite: StaffRoleChange): Promise<StaffMember> {
  return apiFetch<StaffMember>('/api/admin/staff/invite', { method: 'POST', json: invite })
}

export function useInviteStaff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }), queryClient.invalidateQueries({ queryKey: userKey('admin') })]),
  })
}
