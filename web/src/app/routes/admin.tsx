import { Navigate, Outlet, useLocation } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useAdminMeQuery } from '@/features/admin/api/get-admin-me'
import { AdminShell } from '@/features/admin/components/admin-shell'
import { TwoStepRequired } from '@/features/admin/components/gate-cards'
import { isStaffRole } from '@/features/admin/types'
import { useAuth } from '@/features/auth/auth-provider'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import NotFoundPage from './not-found'

/**
 * /admin and its pages: the gate, then the back office's frame. Signed out,
 * or owing the two-step code (no user yet): to /login and its code step,
 * coming back here after. Not staff: the not-found page (the back office is
 * not advertised). Staff without a two-step session: how to turn it on.
 * The server decides each of these again on every /api/admin request.
 */
export default function AdminLayout() {
  const { user, profile, loading } = useAuth()
  const location = useLocation()
  const staff = isStaffRole(profile?.role)
  const me = useAdminMeQuery(user !== null && staff)

  if (loading) return <Loading />
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />
  if (!profile) return <Loading />
  if (!staff) return <NotFoundPage />
  if (me.isPending) return <Loading />
  if (me.isError) {
    const code = me.error instanceof ApiError ? me.error.code : ''
    if (code === 'insufficient_aal') return <TwoStepRequired />
    if (code === 'forbidden') return <NotFoundPage />
    return (
      <div className="mx-auto max-w-lg px-4 py-12">
        <Alert tone="error">Could not open the back office: {messageOf(me.error)}</Alert>
      </div>
    )
  }
  return (
    <AdminShell me={me.data}>
      <Outlet context={me.data} />
    </AdminShell>
  )
}
