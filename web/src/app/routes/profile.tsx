import { useLocation, useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { paths } from '@/config/paths'
import { ProfilePage, type ProfileNavigationState } from '@/features/account'
import { useAuth } from '@/features/auth'
import { authClient } from '@/lib/auth-client'

/** /profile: composes the account area with the session from the auth feature. */
export default function ProfileRoute() {
  const { user, loading, signOut, reloadProfile } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const state = (location.state ?? {}) as ProfileNavigationState
  return (
    <ProfilePage
      signedIn={user !== null}
      authLoading={loading}
      scrollToChildren={state.scrollToChildren === true}
      onBack={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.home))}
      onSignOut={() => signOut()}
      onSignOutOthers={async () => {
        const { error } = await authClient.signOut({ scope: 'others' })
        if (error) throw error
        await queryClient.invalidateQueries({ queryKey: ['devices'] })
      }}
      onProfileChanged={() => void reloadProfile({ quiet: true })}
      onAccountDeleted={async () => {
        // The server already ended every session; this browser forgets its own.
        await signOut({ scope: 'local' })
        queryClient.clear()
      }}
    />
  )
}
