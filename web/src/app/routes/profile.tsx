import { Navigate, useLocation } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { paths } from '@/config/paths'
import { ProfilePage, type ProfileNavigationState } from '@/features/account/components/profile-page'
import { useAuth } from '@/features/auth/auth-provider'
import { authClient } from '@/lib/auth-client'
import { useGoBack } from '@/lib/use-go-back'
import { userKey } from '@/lib/user-data'

/** /profile: composes the account area with the session from the auth feature. */
export default function ProfileRoute() {
  const { user, secondStepPending, loading, signOut } = useAuth()
  const location = useLocation()
  const queryClient = useQueryClient()
  const goBack = useGoBack(paths.home)
  const state = (location.state ?? {}) as ProfileNavigationState
  // Half signed in (the two-step code still owed): the code step first, then back here.
  if (secondStepPending) return <Navigate to={paths.login} replace state={{ from: location }} />
  return (
    <ProfilePage
      userId={user?.id ?? null}
      authLoading={loading}
      scrollToChildren={state.scrollToChildren === true}
      onBack={goBack}
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
