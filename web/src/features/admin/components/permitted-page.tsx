import type { ReactNode } from 'react'
import { allows, useAdminMe } from '../context'
import type { Permission } from '../types'
import { AdminPage } from './admin-shell'
import { RoleDenied } from './gate-cards'

/** A back-office page for the roles with `permission`; any other role is told so (a link followed from elsewhere). */
export function PermittedPage({ permission, title, intro, children }: { permission: Permission; title: string; intro?: ReactNode; children: ReactNode }) {
  if (!allows(useAdminMe(), permission)) return <RoleDenied />
  return (
    <AdminPage title={title} intro={intro}>
      {children}
    </AdminPage>
  )
}
