import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { Role, StaffMember } from '../types'
import { staffQueryOptions } from './get-staff'

export type StaffRoleChange = { email: string; role: Role }

/** PUT /api/admin/staff: give an account a role, change it, or take it away (role "user"). */
export function updateStaffRole(change: StaffRoleChange): Promise<StaffMember> {
  return apiFetch<StaffMember>('/api/admin/staff', { method: 'PUT', json: change })
}

export function useUpdateStaffRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStaffRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffQueryOptions().queryKey }),
        // The change is in the log, and may be the caller's own role.
        queryClient.invalidateQueries({ queryKey: userKey('admin') }),
      ]),
  })
}
