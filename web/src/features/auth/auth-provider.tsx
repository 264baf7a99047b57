import type { AuthChangeEvent, Session, User } from '@supabase/auth-js'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { paths } from '@/config/paths'
import { ApiError, isSessionEnded, SIGNED_OUT_MESSAGE, takeSessionEnded } from '@/lib/api'
import { authClientNeeded, loadAuthClient, onAuthClientLoaded, onSessionStoredElsewhere } from '@/lib/auth-client-loader'
import { getConsent, hasAnalyticsConsent, setConsent } from '@/lib/consent'
import { kidsQueryOptions } from '@/lib/kids'
import { profileQueryOptions, type Profile } from '@/lib/profile'
import { storedSession } from '@/lib/auth-storage'
import { forgetUserData, userKey } from '@/lib/user-data'
import { trackDevice } from './api/track-device'
import { needsSecondStep } from './second-step'
import { removePendingEmail } from './pending-email'
import { hasQueuedProgress } from '@/lib/offline/queued-flag'

/** The signed-in person as the rest of the app sees them. */
export type AuthUser = { id: string; email: string; firstName?: string; lastName?: string }

export type SignOutOptions = {
  /** Where to go afterwards; / unless told otherwise (spec 01 §4). */
  redirectTo?: string
  /** 'global' (default) ends every session of the account, 'local' only this browser's. */
  scope?: 'global' | 'local' | 'others'
}

export type AuthState = {
  /** The signed-in person; null while signed out and while the sign-in still owes its two-step code. */
  user: AuthUser | null
  /** A password (or Google) sign-in of an account with two-step sign-in, waiting for its code: no signed-in page yet. */
  secondStepPending: boolean
  /** The profile row from /api/profile (lib/profile); null while signed out or not yet loaded. */
  profile: Profile | null
  session: Session | null
  /** True until the stored session (or the one in the URL) has been read. */
  loading: boolean
  /** The role may configure the games on /config (owner or editor; internal/auth/roles.go). */
  isAdmin: boolean
  signOut: (options?: SignOutOptions) => Promise<void>
}

const AuthContext = createContext<AuthState | null>(null)

/**
 * Whether a failure is not worth a toast: a session ended elsewhere says so
 * once, at its sign-out; a device offline (a storybook kept for reading
 * without the internet) knows why nothing loads, and reads on.
 */
const quietFailure = (err: unknown) => isSessionEnded(err) || !navigator.onLine

/**
 * What spec 01 §4 loads at each sign-in besides the profile: the device is
 * stored (only under 'all' consent, see lib/consent) and the children's names
 * are read, each failure with its own toast.
 */
function loadSignInData(queryClient: QueryClient) {
  if (hasAnalyticsConsent()) {
    trackDevice().then(
      // The devices table may already be on screen (a sign-in straight to /profile).
      () => queryClient.invalidateQueries({ queryKey: userKey('devices') }),
      (err: unknown) => quietFailure(err) || toast.error('Failed to load user data. Please try again.'),
    )
  }
  queryClient.fetchQuery(kidsQueryOptions()).catch((err: unknown) => quietFailure(err) || toast.error('Error loading kid names'))
}

/**
 * A page opened offline whose access token has expired: auth-js cannot
 * refresh it and reports no session, though it keeps the session stored
 * (a network failure is no sign-out). The app stays signed in with the
 * stored one, quietly, so kept storybooks open; the auth client refreshes
 * it as soon as the network returns (lib/auth-client, TOKEN_REFRESHED).
 */
function offlineSession(): Session | null {
  if (typeof navigator === 'undefined' || navigator.onLine) return null
  return storedSession() as Session | null
}

/** How long a sign-out waits for its page before it stops reporting loading anyway. */
const LEAVE_TIMEOUT_MS = 3000

function toAuthUser(user: User, profile: Profile | null): AuthUser {
  const meta = (user.user_metadata ?? {}) as Record<string, unknown>
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined)
  return {
    id: user.id,
    email: user.email ?? profile?.email ?? '',
    firstName: str(profile?.first_name) ?? str(meta.first_name) ?? str(meta.given_name),
    lastName: str(profile?.last_name) ?? str(meta.last_name) ?? str(meta.family_name),
  }
}

/**
 * The session, carried out as spec 01 §4 "Session and auth events" says:
 * sign-in and token refresh clear the pending e-mail, set consent to all and
 * load the profile (which gives the admin flag); a user update reloads it;
 * sign-out clears everything and shows /. auth-js refreshes tokens, keeps
 * tabs in sync and drops a session whose refresh fails for good.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [session, setSession] = useState<Session | null>(null)
  const [loading, setLoading] = useState(true)
  const location = useLocation()
  const [leavingTo, setLeavingTo] = useState<string | null>(null)
  // Arrived where the sign-out was going: stop reporting loading.
  if (leavingTo !== null && location.pathname === leavingTo) setLeavingTo(null)
  const signedIn = useRef(false)
  const afterSignOut = useRef<string>(paths.home)

  // A session that still owes its two-step code is not complete: no user, no
  // profile (no 'Error loading profile') until the code is verified.
  const secondStepPending = session !== null && needsSecondStep(session)
  const userId = session?.user && !secondStepPending ? session.user.id : null
  const profile = useProfileOf(userId)

  /** Sign-in, token refresh, a verified code: the profile and the sign-in data are read again. */
  const signedInAs = useCallback(
    (user: User) => {
      removePendingEmail()
      setConsent('all')
      // last_login_date is set by the server when the session is issued.
      void queryClient.invalidateQueries({ queryKey: profileQueryOptions(user.id).queryKey })
      loadSignInData(queryClient)
    },
    [queryClient],
  )

  const handleEvent = useCallback(
    (event: AuthChangeEvent, reported: Session | null) => {
      const offline = event === 'INITIAL_SESSION' && reported === null ? offlineSession() : null
      const next = offline ?? reported
      const user = next?.user ?? null
      // Another account signed in (in this tab or another): nothing of the last one stays.
      setSession((previous) => {
        if (previous && previous.user.id !== user?.id) forgetUserData(queryClient)
        return next
      })
      const complete = user !== null && !needsSecondStep(next)
      switch (event) {
        case 'INITIAL_SESSION':
          setLoading(false)
          if (complete && !offline) {
            // A signed-in user with no stored choice accepts all (spec 01 §4 "Consent").
            if (getConsent() === null) setConsent('all')
            loadSignInData(queryClient)
          }
          break
        case 'SIGNED_IN':
        case 'TOKEN_REFRESHED':
        case 'MFA_CHALLENGE_VERIFIED':
          if (complete) signedInAs(user)
          break
        case 'USER_UPDATED':
          // The server activates the account and syncs the profile e-mail itself.
          if (user) void queryClient.invalidateQueries({ queryKey: profileQueryOptions(user.id).queryKey })
          break
        case 'SIGNED_OUT': {
          const target = afterSignOut.current
          afterSignOut.current = paths.home
          setSession(null)
          forgetUserData(queryClient)
          if (takeSessionEnded()) {
            // The server ended the session (signed out elsewhere, or the account is gone):
            // what failed because of it is not worth a word, one message says it all.
            toast.dismiss()
            toast.info(SIGNED_OUT_MESSAGE, { id: 'signed-out', duration: 10_000 })
          }
          if (signedIn.current) {
            // Until the target is reached, report loading: on a protected page
            // the guard would otherwise send the visitor to /login instead.
            setLeavingTo(target)
            window.setTimeout(() => setLeavingTo(null), LEAVE_TIMEOUT_MS)
            navigate(target)
          }
          break
        }
        default:
          break
      }
      signedIn.current = user !== null
    },
    [queryClient, signedInAs, navigate],
  )

  useEffect(() => {
    const failed = () => toast.error('Failed to initialize authentication. Please try refreshing the page.')
    const stops: (() => void)[] = []
    let unmounted = false
    const follow = ({ authClient }: Awaited<ReturnType<typeof loadAuthClient>>) => {
      if (unmounted) return
      // Offline with an expired token, auth-js retries its refresh for half a minute before its
      // INITIAL_SESSION: the stored session signs the page in now (offlineSession).
      if (offlineSession()) handleEvent('INITIAL_SESSION', null)
      const { data } = authClient.onAuthStateChange((event, next) => {
        // auth-js calls back while holding its lock; work that asks the client
        // for the session again (every /api call does) must run after it.
        window.setTimeout(() => handleEvent(event, next), 0)
      })
      stops.push(() => data.subscription.unsubscribe())
      authClient.getSession().then(({ error }) => {
        if (error) failed()
      }, failed)
    }
    if (authClientNeeded()) {
      // A session may be stored: the client loads after the first paint
      // (lib/auth-client-loader); until its INITIAL_SESSION the state says loading.
      loadAuthClient().then(follow, failed)
    } else {
      // Nothing stored and nothing in the address: signed out, known without
      // the client. It loads when the visitor signs in (the screen imports it)
      // or another tab stores a session, and from then on the state follows it.
      const timer = window.setTimeout(() => handleEvent('INITIAL_SESSION', null), 0)
      stops.push(() => window.clearTimeout(timer))
      stops.push(onAuthClientLoaded(follow))
      stops.push(onSessionStoredElsewhere(() => void loadAuthClient().catch(failed)))
    }
    return () => {
      unmounted = true
      for (const stop of stops) stop()
    }
  }, [handleEvent])

  const signOut = useCallback(async (options: SignOutOptions = {}) => {
    afterSignOut.current = options.redirectTo ?? paths.home
    // Progress read offline and not yet sent goes while the session still can (lib/offline).
    if (hasQueuedProgress()) await import('@/lib/offline/forget').then((m) => m.sendBeforeSignOut())
    const { authClient } = await loadAuthClient()
    const { error } = await authClient.signOut({ scope: options.scope ?? 'global' })
    // When the server cannot be reached auth-js keeps a 'global' session; this
    // browser must still be signed out, and 'local' never depends on the network.
    if (error) await authClient.signOut({ scope: 'local' })
  }, [])

  const value = useMemo<AuthState>(() => {
    const user = session?.user && !secondStepPending ? toAuthUser(session.user, profile) : null
    return { user, secondStepPending, profile, session, loading: loading || leavingTo !== null, isAdmin: profile?.role === 'owner' || profile?.role === 'editor', signOut }
  }, [session, secondStepPending, profile, loading, leavingTo, signOut])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider')
  return ctx
}

/**
 * The signed-in user's profile (lib/profile, the account area reads the same
 * entry). A failed load says so once; polls that fail later stay quiet.
 */
function useProfileOf(userId: string | null): Profile | null {
  const query = useQuery({ ...profileQueryOptions(userId ?? ''), enabled: userId !== null })
  const { error, data } = query
  const reported = useRef<unknown>(null)
  useEffect(() => {
    if (!error || query.isRefetchError || reported.current === error || quietFailure(error)) return
    reported.current = error
    if (error instanceof ApiError) toast.error('Error loading profile', { description: error.message })
    else toast.error('Failed to load user data. Please try again.')
  }, [error, query.isRefetchError])
  useEffect(() => {
    if (data && typeof data.role !== 'string') toast.error('Error checking admin status')
  }, [data])
  return userId ? (data ?? null) : null
}
