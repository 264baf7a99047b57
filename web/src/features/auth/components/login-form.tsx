import { MailWarning } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { paths } from '@/config/paths'
import { authClient } from '@/lib/auth-client'
import { needsSecondStep } from './two-step-challenge'
import { messageOf } from '@/lib/errors'
import { isEmailNotConfirmed } from '../auth-errors'
import { useResendVerification } from '../hooks/use-resend-verification'
import { setPendingEmail } from '../pending-email'
import { OrDivider } from './auth-shell'
import { GoogleButton } from './google-button'

const REMEMBER_KEY = 'rememberedEmail'

function rememberedEmail(): string {
  try {
    return window.localStorage.getItem(REMEMBER_KEY) ?? ''
  } catch {
    return ''
  }
}

function rememberEmail(email: string | null) {
  try {
    if (email) window.localStorage.setItem(REMEMBER_KEY, email)
    else window.localStorage.removeItem(REMEMBER_KEY)
  } catch {
    // Storage disabled: nothing to remember.
  }
}

/** Where the visitor came from (RequireAuth passes it in location.state.from), else /. */
export function useReturnTarget(): string {
  const location = useLocation()
  const from = (location.state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from
  if (!from?.pathname || from.pathname === paths.login) return paths.home
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
}

/** spec 01 §2 /login and §4 "Login". */
export function LoginForm({ onSecondStep }: { onSecondStep?: () => void } = {}) {
  const navigate = useNavigate()
  const returnTo = useReturnTarget()
  const [email, setEmail] = useState(rememberedEmail)
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(() => rememberedEmail() !== '')
  const [submitting, setSubmitting] = useState(false)
  const [unverified, setUnverified] = useState(false)
  const { resend, sending, cooldown } = useResendVerification()
  const rememberId = useId()

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setSubmitting(true)
    setUnverified(false)
    try {
      const { data, error } = await authClient.signInWithPassword({ email: email.trim(), password })
      if (error) {
        if (isEmailNotConfirmed(error)) {
          setPendingEmail(email.trim())
          setUnverified(true)
          return
        }
        toast.error(messageOf(error))
        return
      }
      rememberEmail(remember ? email.trim() : null)
      // Two-step sign-in on: the session is complete only after the code.
      if (onSecondStep && needsSecondStep(data.session)) {
        onSecondStep()
        return
      }
      toast.success('Login successful', { description: 'Welcome back!' })
      navigate(returnTo, { replace: true })
    } catch (err) {
      toast.error(messageOf(err))
    } finally {
      setSubmitting(false)
    }
  }

  const onResend = async () => {
    if (await resend(email.trim())) {
      toast.success('Verification email sent', { description: 'Please check your inbox for the new link.' })
      navigate(paths.emailVerificationPending)
    }
  }

  return (
    <div className="space-y-5">
      <GoogleButton mode="signin" returnTo={returnTo} />
      <OrDivider />

      {unverified && (
        <Alert tone="warning" className="space-y-3">
          <p className="flex gap-2 font-semibold">
            <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            Your email address hasn&apos;t been verified yet. Please check your inbox and click the verification link.
          </p>
          {cooldown.running ? (
            <p className="text-sm font-bold">Please wait {cooldown.secondsLeft} seconds before trying again.</p>
          ) : (
            <Button type="button" size="sm" variant="outline" className="border-tiger-400 bg-white" disabled={sending} onClick={() => void onResend()}>
              {sending ? 'Sending...' : 'Resend verification email'}
            </Button>
          )}
        </Alert>
      )}

      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)}>
        <div className="space-y-2">
          <Label htmlFor="login-email">Email</Label>
          <Input id="login-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
        </div>
        <div className="space-y-2">
          <div className="flex items-baseline justify-between gap-2">
            <Label htmlFor="login-password">Password</Label>
            <Link to={paths.resetPassword} className="text-sm font-bold text-tiger-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <Input id="login-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id={rememberId} checked={remember} onCheckedChange={(v) => setRemember(v === true)} />
          <Label htmlFor={rememberId} className="cursor-pointer font-semibold">
            Remember me
          </Label>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>

      <p className="text-center text-muted">
        Don&apos;t have an account?{' '}
        <Link to={paths.signup} className="font-bold text-tiger-700 hover:underline">
          Sign up
        </Link>
      </p>
    </div>
  )
}
