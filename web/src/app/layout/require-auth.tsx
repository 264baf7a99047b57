import { Navigate, Outlet, useLocation } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useAuth } from '@/features/auth/auth-provider'

/**
 * Guards signed-in pages: a Loading indicator while the session resolves,
 * then a signed-out visitor, or one whose sign-in still owes its two-step
 * code (no user yet), goes to /login, carrying where they wanted to go
 * and replacing the history entry so Back does not bounce them here again.
 */
export function RequireAuth() {
  const { user, loading } = useAuth()
  const location = useLocation()
  if (loading) return <Loading />
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />
  return <Outlet />
}
