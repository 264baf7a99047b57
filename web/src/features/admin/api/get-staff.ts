import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { StaffMember } from '../types'

export async function getStaff(): Promise<StaffMember[]> {
  const { staff } = await apiFetch<{ staff: StaffMember[] }>('/api/admin/staff')
  return staff
}

export const staffQueryOptions = () => queryOptions({ queryKey: userKey('admin', 'staff'), queryFn: getStaff, staleTime: 0 })

export function useStaff() {
  return useQuery(staffQueryOptions())
}
