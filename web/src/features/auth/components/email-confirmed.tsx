import { CircleAlert, PartyPopper } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { authClient } from '@/lib/auth-client'
import { AuthShell } from './auth-shell'
import { StatusPanel } from './status-panel'

/** spec 01 §9: the confirmation check waits this long for the session to settle. */
const CHECK_DELAY_MS = 1000

/** What /auth/email/callback hands to /email-confirmed in the location state. */
export type EmailConfirmedState = { confirmed?: boolean; error?: string }

/**
 * spec 01 §2 "Email confirmation page": loading, then success when there is a
 * session (or the callback saw the server confirm the address on a device
 * that cannot sign in), else the error view.
 */
export function EmailConfirmed() {
  const location = useLocation()
  const handed = (location.state ?? {}) as EmailConfirmedState
  const [status, setStatus] = useState<'loading' | 'success' | 'error'>('loading')

  useEffect(() => {
    let cancelled = false
    const id = window.setTimeout(async () => {
      try {
        const { data, error } = await authClient.getSession()
        if (cancelled) return
        setStatus(!error && (data.session || handed.confirmed) && !handed.error ? 'success' : 'error')
      } catch {
        if (!cancelled) setStatus('error')
      }
    }, CHECK_DELAY_MS)
    return () => {
      cancelled = true
      window.clearTimeout(id)
    }
  }, [handed.confirmed, handed.error])

  if (status === 'loading') {
    return (
      <AuthShell title="Confirming your email..." character="nainni">
        <Loading label="Checking your verification..." className="min-h-40" />
      </AuthShell>
    )
  }

  if (status === 'success') {
    return (
      <AuthShell title="Email Confirmed!" character="lizzie">
        <StatusPanel
          icon={PartyPopper}
          tone="success"
          heading="Account activated"
          action={
            <Button asChild size="lg" className="w-full">
              <Link to={paths.login}>Log in</Link>
            </Button>
          }
        >
          <p className="text-muted">Thank you for verifying your email. Your account is ready for reading adventures!</p>
        </StatusPanel>
      </AuthShell>
    )
  }

  return (
    <AuthShell title="Something went wrong" character="feefee">
      <StatusPanel
        icon={CircleAlert}
        tone="error"
        heading="Verification failed"
        action={
          <Button asChild size="lg" className="w-full">
            <Link to={paths.login}>Return to login</Link>
          </Button>
        }
      >
        <p className="text-muted">{handed.error ?? 'We could not verify your email. The link may have expired or already been used.'}</p>
      </StatusPanel>
    </AuthShell>
  )
}
