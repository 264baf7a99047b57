import { useLocation, useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { paths } from '@/config/paths'
import { ProfilePage, type ProfileNavigationState } from '@/features/account/components/profile-page'
import { useAuth } from '@/features/auth/auth-provider'
import { authClient } from '@/lib/auth-client'
import { userKey } from '@/lib/user-data'

/** /profile: composes the account area with the session from the auth feature. */
export default function ProfileRoute() {
  const { user, loading, signOut } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const state = (location.state ?? {}) as ProfileNavigationState
  return (
    <ProfilePage
      userId={user?.id ?? null}
      authLoading={loading}
      scrollToChildren={state.scrollToChildren === true}
      onBack={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.home))}
      onSignOut={() => signOut()}
      onSignOutOthers={async () => {
        const { error } = await authClient.signOut({ scope: 'others' })
        if (error) throw error
        await queryClient.invalidateQueries({ queryKey: userKey('devices') })
      }}
      onAccountDeleted={async () => {
        // The server already ended every session; this browser forgets its own.
        await signOut({ scope: 'local' })
        queryClient.clear()
      }}
    />
  )
}
