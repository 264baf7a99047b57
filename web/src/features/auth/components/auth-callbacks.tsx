import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { landingUrl } from '@/lib/auth-client'
import { safeInternalPath } from '@/lib/safe-path'
import { useAuthRedirect } from '../hooks/use-auth-redirect'
import { takeReturnTo, type ReturnState } from '../return-to'
import { needsSecondStep } from '../second-step'
import { AuthShell } from './auth-shell'
import type { EmailConfirmedState } from './email-confirmed'

/**
 * /auth/email/callback: the return target of confirmation, magic-link and
 * e-mail-change links. A ?next= path in the link says where to go; otherwise
 * it is a sign-up confirmation and /email-confirmed shows the result.
 */
export function EmailCallback() {
  const navigate = useNavigate()
  const result = useAuthRedirect()

  useEffect(() => {
    if (result.status !== 'done') return
    // Only same-site paths may be a "next" target.
    const next = safeInternalPath(new URLSearchParams(landingUrl.search).get('next'), null)
    if (result.error) {
      const description = result.error.code === 'otp_expired' ? 'Email link is invalid or has expired' : result.error.description
      navigate(paths.emailConfirmed, { replace: true, state: { error: description } satisfies EmailConfirmedState })
      return
    }
    if (next && result.session) {
      navigate(next, { replace: true })
      return
    }
    // A code without a session: the link was opened in a browser that did not
    // start the sign-up. The server confirmed the address before issuing it.
    navigate(paths.emailConfirmed, { replace: true, state: { confirmed: result.session !== null || result.hadCode } satisfies EmailConfirmedState })
  }, [result, navigate])

  return (
    <AuthShell title="Confirming your email..." character="nainni">
      <Loading label="Just a moment..." className="min-h-40" />
    </AuthShell>
  )
}

/** /auth/google/callback: back from Google, on to where the visitor started (or /). */
export function GoogleCallback() {
  const navigate = useNavigate()
  const result = useAuthRedirect()

  useEffect(() => {
    if (result.status !== 'done') return
    if (result.session && !result.error) {
      const returnTo = takeReturnTo(paths.home)
      // Two-step sign-in on: the code step first, then on to where the visitor started.
      if (needsSecondStep(result.session)) {
        const { pathname, search, hash } = new URL(returnTo, window.location.origin)
        navigate(paths.login, { replace: true, state: { from: { pathname, search, hash } } satisfies ReturnState })
        return
      }
      toast.success('Login successful', { description: 'Welcome back!' })
      navigate(returnTo, { replace: true })
      return
    }
    takeReturnTo(paths.home)
    toast.error('Sign in failed', { description: result.error?.description ?? 'Google sign-in did not complete. Please try again.' })
    navigate(paths.login, { replace: true })
  }, [result, navigate])

  return (
    <AuthShell title="Signing you in..." character="siso">
      <Loading label="Talking to Google..." className="min-h-40" />
    </AuthShell>
  )
}
