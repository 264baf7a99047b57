import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { MailOpen, RefreshCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { CodeField, Form } from '@/components/ui/form'
import { paths } from '@/config/paths'
import { authClient } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'
import { profileQueryOptions, VERIFIED_STATUS } from '@/lib/profile'
import { z } from '@/lib/zod'
import { getVerificationStatus } from '../api/verification-status'
import { useAuth } from '../auth-provider'
import { RESEND_COOLDOWN_SECONDS, useResendVerification } from '../hooks/use-resend-verification'
import { getPendingEmail, getPendingUserId, releasePendingEmail, removePendingEmail } from '../pending-email'
import { takeReturnTo } from '../return-to'
import { StatusPanel } from './status-panel'

/** How often the page asks whether the link has been opened (profile with a session, verification status without). */
const POLL_MS = 5_000

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' })

/**
 * spec 01 §4 "Verification pending page". It leaves for / as soon as the
 * e-mail is verified: another tab's sign-in reaches this one through
 * auth-js's cross-tab channel; with a session the profile is polled; without
 * one, the server's verification status for the account signed up here is
 * polled, so a link opened on another device moves this page on too. (Reached
 * from an unconfirmed login there is no account id, only this browser's sign-in counts.)
 * The e-mail's 6-digit code, typed here, confirms the address and signs in.
 * Confirmed, the parent goes on to where they were going before signing up, else /.
 */
export function VerificationPending() {
  const navigate = useNavigate()
  const { user, profile, session } = useAuth()
  const [storedEmail] = useState(getPendingEmail)
  const [storedUserId] = useState(getPendingUserId)
  const email = user?.email || storedEmail
  // The confirmation e-mail has just gone out: the cooldown starts on arrival.
  const { resend, sending, cooldown } = useResendVerification({ startCooldown: true })
  const [lastSentAt, setLastSentAt] = useState(() => new Date())
  const startCooldown = cooldown.start

  // With a session the profile is asked again; without one (or for the account
  // signed up here, not someone else's session) the verification status is.
  // Both poll only while the page is visible, and at once when it is shown again.
  const watchedUserId = !user || user.id === storedUserId ? storedUserId : null
  const profileVerified = profile?.email_verification_status === VERIFIED_STATUS
  useQuery({ ...profileQueryOptions(user?.id ?? ''), enabled: session !== null && user !== null && !profileVerified, refetchInterval: POLL_MS, refetchOnWindowFocus: true })
  const status = useQuery({
    queryKey: ['verification-status', watchedUserId],
    queryFn: ({ signal }) => getVerificationStatus(watchedUserId!, signal),
    enabled: watchedUserId !== null && !profileVerified,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    retry: false, // offline or rate-limited for a moment: the next tick asks again
  })
  const [confirmedByCode, setConfirmedByCode] = useState(false)
  const verified = profileVerified || status.data === true || confirmedByCode
  useEffect(() => {
    if (!verified) return
    removePendingEmail()
    toast.success('Email verified', { id: 'email-verified', description: 'Your account is now active.' })
    navigate(takeReturnTo(paths.home), { replace: true })
  }, [verified, navigate])

  // Closing the page forgets the address (it survives a reload of this tab only).
  useEffect(() => {
    const onHide = () => {
      if (!window.location.pathname.includes(paths.login)) releasePendingEmail()
    }
    window.addEventListener('pagehide', onHide)
    return () => window.removeEventListener('pagehide', onHide)
  }, [])

  const onResend = async () => {
    if (await resend(email)) {
      toast.success('Verification email sent', { description: 'Please check your inbox for the new link.' })
      setLastSentAt(new Date())
      startCooldown(RESEND_COOLDOWN_SECONDS)
    }
  }

  return (
    <StatusPanel icon={MailOpen} tone="info">
      {email ? (
        <p className="text-lg">
          We&apos;ve sent a verification link to <strong className="break-all">{email}</strong>. Click the link in the email to activate your account.
        </p>
      ) : (
        <p className="text-lg">We&apos;ve sent you a verification link. Click the link in the email to activate your account.</p>
      )}
      {email && <SignupCodeForm email={email} onConfirmed={() => setConfirmedByCode(true)} />}

      <p className="text-sm text-muted">
        {watchedUserId || session
          ? 'This page moves on by itself once your email is verified, even if you open the link on another device.'
          : 'This page moves on by itself once your email is verified in this browser; after opening the link elsewhere, just log in.'}
      </p>

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
    </StatusPanel>
  )
}

const codeSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6 digits from the email') })

/** The sign-up e-mail's 6-digit code (GoTrue's verify, type signup): it confirms the address and signs in. */
function SignupCodeForm({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  const form = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } })
  const busy = form.formState.isSubmitting

  async function confirm({ code }: z.output<typeof codeSchema>) {
    try {
      const { error } = await authClient.verifyOtp({ email, token: code, type: 'signup' })
      if (error) throw error
      onConfirmed()
    } catch (err) {
      const expired = (err as { code?: string }).code === 'otp_expired'
      const message = expired ? 'That code is wrong or has expired. Check the newest email, or send a new one.' : messageOf(err)
      form.setError('code', { type: 'server', message }, { shouldFocus: true })
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(confirm)} noValidate className="mx-auto flex w-full max-w-xs flex-col gap-3">
        <CodeField control={form.control} name="code" label="Or type the 6-digit code from the email" className="[&_input]:text-center" />
        <Button type="submit" disabled={busy}>
          {busy ? 'Confirming...' : 'Confirm email'}
        </Button>
      </form>
    </Form>
  )
}
