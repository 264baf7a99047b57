import { useOutletContext } from 'react-router'
import type { AdminMe } from './types'

/** The signed-in staff member, for a page inside the back office (app/routes/admin.tsx hands it down). */
export function useAdminMe(): AdminMe {
  return useOutletContext<AdminMe>()
}

/** Whether the staff member's role includes every permission given. */
export function allows(me: AdminMe, ...permissions: AdminMe['permissions']): boolean {
  return permissions.every((p) => me.permissions.includes(p))
}
