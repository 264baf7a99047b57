import type { AuthChangeEvent, Session, User } from '@supabase/auth-js'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { loadAuthClient } from '@/lib/auth-client-loader'
import { getConsent, hasAnalyticsConsent, setConsent } from '@/lib/consent'
import { getProfile, type Profile } from './api/profile'
import { trackDevice } from './api/track-device'
import { needsSecondStep } from './second-step'
import { removePendingEmail } from './pending-email'

/** The signed-in person as the rest of the app sees them. */
export type AuthUser = { id: string; email: string; firstName?: string; lastName?: string }

export type SignOutOptions = {
  /** Where to go afterwards; / unless told otherwise (spec 01 §4). */
  redirectTo?: string
  /** 'global' (default) ends every session of the account, 'local' only this browser's. */
  scope?: 'global' | 'local' | 'others'
}

export type AuthState = {
  user: AuthUser | null
  /** The profile row from /api/profile; null while signed out or not yet loaded. */
  profile: Profile | null
  session: Session | null
  /** True until the stored session (or the one in the URL) has been read. */
  loading: boolean
  isAdmin: boolean
  signOut: (options?: SignOutOptions) => Promise<void>
  /** Loads the profile again; quiet skips the error toasts (for polling). */
  reloadProfile: (options?: { quiet?: boolean }) => Promise<Profile | null>
}

const AuthContext = createContext<AuthState | null>(null)

/**
 * Extra per-user data loaded at sign-in. Spec 01 §4 also stores the device
 * info (only under 'all' consent, see hasAnalyticsConsent in lib/consent) and
 * loads the kids' names ('Error loading kid names' on failure): the account
 * area issue fills this in. It runs after the profile has loaded.
 */
async function loadAccountExtras(_user: User, _profile: Profile): Promise<void> {
  // Device info is stored at each sign-in and refresh, only under 'all' consent.
  if (hasAnalyticsConsent()) await trackDevice()
}

/** Clears what loadAccountExtras loaded; called on sign-out. */
function clearAccountExtras(): void {
  // Intentionally empty until the account area lands (devices, kids).
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
  const [session, setSession] = useState<Session | null>(null)
  const [profile, setProfile] = useState<Profile | null>(null)
  const [loading, setLoading] = useState(true)
  const location = useLocation()
  const [leavingTo, setLeavingTo] = useState<string | null>(null)
  // Arrived where the sign-out was going: stop reporting loading.
  if (leavingTo !== null && location.pathname === leavingTo) setLeavingTo(null)
  const signedIn = useRef(false)
  const afterSignOut = useRef<string>(paths.home)
  const loadSeq = useRef(0)

  const loadUserData = useCallback(async (user: User, quiet = false): Promise<Profile | null> => {
    const seq = ++loadSeq.current
    let loaded: Profile
    try {
      loaded = await getProfile()
    } catch (err) {
      if (seq !== loadSeq.current || quiet) return null
      if (err instanceof ApiError) toast.error('Error loading profile', { description: err.message })
      else toast.error('Failed to load user data. Please try again.')
      return null
    }
    if (seq !== loadSeq.current) return null
    setProfile(loaded)
    if (typeof loaded.role !== 'string' && !quiet) toast.error('Error checking admin status')
    try {
      await loadAccountExtras(user, loaded)
    } catch {
      if (!quiet) toast.error('Failed to load user data. Please try again.')
    }
    return loaded
  }, [])

  const handleEvent = useCallback(
    (event: AuthChangeEvent, next: Session | null) => {
      setSession(next)
      const user = next?.user ?? null
      switch (event) {
        case 'INITIAL_SESSION':
          setLoading(false)
          // A session that still owes its two-step code is not complete: the
          // profile loads once the code is verified (no 'Error loading profile').
          if (user && !needsSecondStep(next)) {
            // A signed-in user with no stored choice accepts all (spec 01 §4 "Consent").
            if (getConsent() === null) setConsent('all')
            void loadUserData(user)
          }
          break
        case 'SIGNED_IN':
        case 'TOKEN_REFRESHED':
        case 'MFA_CHALLENGE_VERIFIED':
          if (user && !needsSecondStep(next)) {
            removePendingEmail()
            setConsent('all')
            // last_login_date is set by the server when the session is issued.
            void loadUserData(user)
          }
          break
        case 'USER_UPDATED':
          // The server activates the account and syncs the profile e-mail itself.
          if (user) void loadUserData(user)
          break
        case 'SIGNED_OUT': {
          loadSeq.current++
          const target = afterSignOut.current
          afterSignOut.current = paths.home
          setSession(null)
          setProfile(null)
          clearAccountExtras()
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
    [loadUserData, navigate],
  )

  useEffect(() => {
    const failed = () => toast.error('Failed to initialize authentication. Please try refreshing the page.')
    let unsubscribe: (() => void) | null = null
    let unmounted = false
    // The client loads after the first paint (lib/auth-client-loader); until
    // its INITIAL_SESSION the state says loading.
    loadAuthClient().then(({ authClient }) => {
      if (unmounted) return
      const { data } = authClient.onAuthStateChange((event, next) => {
        // auth-js calls back while holding its lock; work that asks the client
        // for the session again (every /api call does) must run after it.
        window.setTimeout(() => handleEvent(event, next), 0)
      })
      unsubscribe = () => data.subscription.unsubscribe()
      authClient.getSession().then(({ error }) => {
        if (error) failed()
      }, failed)
    }, failed)
    return () => {
      unmounted = true
      unsubscribe?.()
    }
  }, [handleEvent])

  const signOut = useCallback(async (options: SignOutOptions = {}) => {
    afterSignOut.current = options.redirectTo ?? paths.home
    const { authClient } = await loadAuthClient()
    const { error } = await authClient.signOut({ scope: options.scope ?? 'global' })
    // When the server cannot be reached auth-js keeps a 'global' session; this
    // browser must still be signed out, and 'local' never depends on the network.
    if (error) await authClient.signOut({ scope: 'local' })
  }, [])

  const reloadProfile = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}) => {
      const user = session?.user
      return user ? loadUserData(user, quiet) : null
    },
    [session, loadUserData],
  )

  const value = useMemo<AuthState>(() => {
    const user = session?.user ? toAuthUser(session.user, profile) : null
    return { user, profile, session, loading: loading || leavingTo !== null, isAdmin: profile?.role === 'admin', signOut, reloadProfile }
  }, [session, profile, loading, leavingTo, signOut, reloadProfile])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider')
  return ctx
}
