import { MailOpen, RefreshCw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { authClient } from '@/lib/auth-client'
import { VERIFIED_STATUS } from '../api/profile'
import { useAuth } from '../auth-provider'
import { isEmailNotConfirmed } from '../auth-errors'
import { RESEND_COOLDOWN_SECONDS, useResendVerification } from '../hooks/use-resend-verification'
import { getPendingEmail, releasePendingEmail, removePendingEmail } from '../pending-email'
import { forgetCredentials, heldCredentials } from '../verification-watch'

/** How often the page asks whether the link has been opened elsewhere. */
const PROFILE_POLL_MS = 5_000
const SIGN_IN_POLL_MS = 10_000

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' })

/**
 * spec 01 §4 "Verification pending page". It leaves for / as soon as the
 * profile says the e-mail is verified: another tab's sign-in reaches this one
 * through auth-js's cross-tab channel; with a session the profile is polled;
 * without one, the credentials typed on this visit are tried now and then, so
 * a link opened on another device signs this one in too.
 */
export function VerificationPending() {
  const navigate = useNavigate()
  const { user, profile, session, reloadProfile } = useAuth()
  const [storedEmail] = useState(getPendingEmail)
  const email = user?.email || storedEmail
  // The confirmation e-mail has just gone out: the cooldown starts on arrival.
  const { resend, sending, cooldown } = useResendVerification({ startCooldown: true })
  const [lastSentAt, setLastSentAt] = useState(() => new Date())
  const startCooldown = cooldown.start

  const verified = profile?.email_verification_status === VERIFIED_STATUS
  useEffect(() => {
    if (!verified) return
    removePendingEmail()
    forgetCredentials()
    navigate(paths.home, { replace: true })
  }, [verified, navigate])

  // Closing the page forgets the address (it survives a reload of this tab only).
  useEffect(() => {
    const onHide = () => {
      if (!window.location.pathname.includes(paths.login)) releasePendingEmail()
    }
    window.addEventListener('pagehide', onHide)
    return () => window.removeEventListener('pagehide', onHide)
  }, [])

  const hasSession = session !== null
  useEffect(() => {
    if (!hasSession || verified) return
    const id = window.setInterval(() => {
      if (document.visibilityState === 'visible') void reloadProfile({ quiet: true })
    }, PROFILE_POLL_MS)
    return () => window.clearInterval(id)
  }, [hasSession, verified, reloadProfile])

  const polling = useRef(false)
  useEffect(() => {
    if (hasSession) return
    const id = window.setInterval(async () => {
      const creds = heldCredentials(email)
      if (!creds || polling.current || document.visibilityState !== 'visible') return
      polling.current = true
      try {
        const { error } = await authClient.signInWithPassword(creds)
        // Anything but "not confirmed yet" (a changed password, say) ends the watch.
        if (error && !isEmailNotConfirmed(error) && error.status !== 429) forgetCredentials()
      } catch {
        // Offline for a moment: try again on the next tick.
      } finally {
        polling.current = false
      }
    }, SIGN_IN_POLL_MS)
    return () => window.clearInterval(id)
  }, [hasSession, email])

  const onResend = async () => {
    if (await resend(email)) {
      toast.success('Verification email sent', { description: 'Please check your inbox for the new link.' })
      setLastSentAt(new Date())
      startCooldown(RESEND_COOLDOWN_SECONDS)
    }
  }

  return (
    <div className="space-y-6 text-center">
      <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-sky-100 text-sky-500">
        <MailOpen className="size-8" aria-hidden="true" />
      </div>
      {email ? (
        <p className="text-lg">
          We&apos;ve sent a verification link to <strong className="break-all">{email}</strong>. Click the link in the email to activate your account.
        </p>
      ) : (
        <p className="text-lg">We&apos;ve sent you a verification link. Click the link in the email to activate your account.</p>
      )}
      <p className="text-sm text-muted">This page moves on by itself once your email is verified, even if you open the link on another device.</p>

      <div className="rounded-2xl bg-tiger-50 p-4">
        <p className="text-sm font-semibold text-muted">Didn&apos;t get it? Check your spam folder, or send it again.</p>
        <Button type="button" variant="secondary" className="mt-3" disabled={cooldown.running || sending} onClick={() => void onResend()}>
          <RefreshCw aria-hidden="true" className={sending ? 'animate-spin' : undefined} />
          {sending ? 'Sending...' : 'Resend verification email'}
        </Button>
        <p className="mt-3 text-sm text-muted" aria-live="polite">
          {cooldown.running ? (
            <>You can send another email in {cooldown.secondsLeft} seconds.</>
          ) : (
            <>Last sent at {timeFormat.format(lastSentAt)}</>
          )}
        </p>
      </div>

      <p className="text-muted">
        Wrong address?{' '}
        <Link to={paths.signup} className="font-bold text-tiger-700 hover:underline">
          Sign up again
        </Link>{' '}
        or{' '}
        <Link to={paths.login} className="font-bold text-tiger-700 hover:underline">
          log in
        </Link>
      </p>
    </div>
  )
}
