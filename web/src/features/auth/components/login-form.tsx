import type { Session } from '@supabase/auth-js'
import { MailWarning } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage, InputField } from '@/components/ui/form'
import { Input } from '@/components/ui/input'
import { lazyZodResolver } from '@/components/ui/lazy-resolver'
import { paths } from '@/config/paths'
import { authClient } from '@/lib/auth-client'
import { needsSecondStep } from '../second-step'
import { messageOf } from '@/lib/errors'
import { isEmailNotConfirmed } from '../auth-errors'
import { useResendVerification } from '../hooks/use-resend-verification'
import type { LoginValues } from '../login-schema'
import { setPendingEmail } from '../pending-email'
import { OrDivider } from './auth-shell'
import { GoogleButton } from './google-button'
import { PasskeyButton, usePasskeySignIn } from './passkey-sign-in'
import { serverFormMethod } from '@/lib/render-env'

const REMEMBER_KEY = 'rememberedEmail'

const resolver = lazyZodResolver(() => import('../login-schema').then((m) => m.loginSchema))

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

/**
 * spec 01 §2 /login and §4 "Login", and the sign-in at /config (spec 02 §8:
 * failures titled 'Login failed'). A complete sign-in goes to `returnTo`; one
 * that owes its two-step code stays, and SignIn shows the code step. The
 * browser checks the required fields first ("required by the browser", spec
 * 01 §4) unless browserValidation is false (/config: "e-mail and password are
 * required", said on the fields).
 */
export function LoginForm({ returnTo, failureTitle, browserValidation = true }: { returnTo: string; failureTitle?: string; browserValidation?: boolean }) {
  const navigate = useNavigate()
  const location = useLocation()
  const form = useForm<LoginValues>({ resolver, defaultValues: { email: '', password: '', remember: false } })
  // The remembered address fills in once on screen: the server-rendered page has none.
  useEffect(() => {
    const email = rememberedEmail()
    if (email) form.reset({ email, password: '', remember: true })
  }, [form])
  const [unverified, setUnverified] = useState(false)
  const { resend, sending, cooldown } = useResendVerification()
  const submitting = form.formState.isSubmitting

  const failed = (err: unknown) => (failureTitle ? toast.error(failureTitle, { description: messageOf(err) }) : toast.error(messageOf(err)))

  const onSubmit = async ({ email, password, remember }: LoginValues) => {
    setUnverified(false)
    try {
      const { data, error } = await authClient.signInWithPassword({ email, password })
      if (error) {
        if (isEmailNotConfirmed(error)) {
          setPendingEmail(email)
          setUnverified(true)
          return
        }
        failed(error)
        return
      }
      rememberEmail(remember ? email : null)
      signedIn(data.session)
    } catch (err) {
      failed(err)
    }
  }

  function signedIn(session: Session) {
    // Two-step sign-in on: the session is complete only after the code (SignIn asks for it).
    if (needsSecondStep(session)) return
    toast.success('Login successful', { description: 'Welcome back!' })
    navigate(returnTo, { replace: true })
  }
  const passkey = usePasskeySignIn(signedIn, failed)

  const onResend = async () => {
    if (await resend(form.getValues('email').trim())) {
      toast.success('Verification email sent', { description: 'Please check your inbox for the new link.' })
      navigate(paths.emailVerificationPending)
    }
  }

  return (
    <div className="space-y-5">
      <GoogleButton mode="signin" returnTo={returnTo} />
      <PasskeyButton busy={passkey.busy} onClick={() => void passkey.signInWithPasskey()} />
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

      <Form {...form}>
        <form method={serverFormMethod} className="space-y-4" noValidate={!browserValidation} onFocus={resolver.preload} onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}>
          <InputField control={form.control} name="email" label="Email" id="login-email" type="email" autoComplete="username webauthn" required placeholder="you@example.com" />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem id="login-password">
                <div className="flex items-baseline justify-between gap-2">
                  <FormLabel>Password</FormLabel>
                  <Link to={paths.resetPassword} className="text-sm font-bold text-tiger-700 hover:underline">
                    Forgot password?
                  </Link>
                </div>
                <FormControl>
                  <Input type="password" autoComplete="current-password" required {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="remember"
            render={({ field }) => (
              <FormItem className="flex items-center gap-2 space-y-0">
                <FormControl>
                  <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} ref={field.ref} />
                </FormControl>
                <FormLabel className="cursor-pointer font-semibold">Remember me</FormLabel>
              </FormItem>
            )}
          />
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      </Form>

      <p className="text-center text-muted">
        Don&apos;t have an account?{' '}
        <Link to={paths.signup} state={location.state} className="font-bold text-tiger-700 hover:underline">
          Sign up
        </Link>
      </p>
    </div>
  )
}
