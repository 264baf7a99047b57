import { zodResolver } from '@hookform/resolvers/zod'
import { UserRoundCheck } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { FieldError } from '@/components/ui/label'
import { paths } from '@/config/paths'
import { authClient, siteUrl } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'
import { isAlreadyRegistered } from '../auth-errors'
import { setPendingEmail } from '../pending-email'
import { signupSchema, type SignupValues } from '../signup-schema'
import { OrDivider } from './auth-shell'
import { Field } from './field'
import { GoogleButton } from './google-button'
import { StrengthMeter } from './strength-meter'

const empty: SignupValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', terms: false }

/** spec 01 §2 /signup, §4 "Sign-up", §5 "Sign-up" (validated on change). */
export function SignupForm() {
  const navigate = useNavigate()
  const [existingEmail, setExistingEmail] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues>({ resolver: zodResolver(signupSchema), mode: 'onChange', defaultValues: empty })
  const password = useWatch({ control, name: 'password' })

  const onSubmit = handleSubmit(async (values) => {
    const email = values.email.trim()
    setExistingEmail(null)
    try {
      const { data, error } = await authClient.signUp({
        email,
        password: values.password,
        options: {
          emailRedirectTo: siteUrl(paths.emailCallback),
          data: { first_name: values.firstName.trim(), last_name: values.lastName.trim(), account_status: 'Pending Verification' },
        },
      })
      // Supabase Auth may also hide a duplicate behind a user with no identities.
      if (isAlreadyRegistered(error) || (!error && data.user && data.user.identities?.length === 0)) {
        setExistingEmail(email)
        return
      }
      if (error) {
        toast.error('Sign up failed', { description: error.message })
        return
      }
      if (!data.user) {
        toast.error('Something went wrong', { description: 'Could not create your account. Please try again.' })
        return
      }
      setPendingEmail(email, data.user.id)
      navigate(paths.emailVerificationPending)
    } catch (err) {
      toast.error('Sign up failed', { description: messageOf(err) })
    }
  })

  if (existingEmail) {
    return (
      <div className="space-y-5 text-center">
        <Alert tone="warning" className="text-left">
          <h2 className="flex items-center gap-2 text-xl font-semibold text-tiger-800">
            <UserRoundCheck className="size-6" aria-hidden="true" /> Account already exists
          </h2>
          <p className="mt-2">An account with the email {existingEmail} already exists.</p>
        </Alert>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="outline" className="flex-1">
            <Link to={paths.resetPassword}>Reset password</Link>
          </Button>
          <Button asChild className="flex-1">
            <Link to={paths.login}>Sign in</Link>
          </Button>
        </div>
        <Button type="button" variant="link" onClick={() => setExistingEmail(null)}>
          Use a different email
        </Button>
      </div>
    )
  }

  return (
    <div className="space-y-5">
      <GoogleButton mode="signup" />
      <OrDivider />
      <form className="space-y-4" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="signup-first-name" label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <Field id="signup-last-name" label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <Field id="signup-email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" error={errors.email?.message} {...register('email')} />
        <Field
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint={<StrengthMeter password={password} />}
          {...register('password', {
            onChange: () => {
              if (getValues('confirmPassword')) void trigger('confirmPassword')
            },
          })}
        />
        <Field id="signup-confirm-password" label="Confirm password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Controller
          control={control}
          name="terms"
          render={({ field, fieldState }) => (
            <div className="space-y-1">
              <div className="flex items-start gap-3">
                <Checkbox
                  id="signup-terms"
                  className="mt-0.5"
                  checked={field.value}
                  onCheckedChange={(v) => field.onChange(v === true)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  aria-invalid={fieldState.error ? true : undefined}
                  aria-describedby={fieldState.error ? 'signup-terms-error' : undefined}
                />
                <label htmlFor="signup-terms" className="cursor-pointer text-sm leading-relaxed">
                  I agree to the{' '}
                  <Link to={paths.terms} target="_blank" className="font-bold text-tiger-700 underline-offset-2 hover:underline">
                    Terms of Service
                  </Link>{' '}
                  and{' '}
                  <Link to={paths.privacy} target="_blank" className="font-bold text-tiger-700 underline-offset-2 hover:underline">
                    Privacy Policy
                  </Link>
                </label>
              </div>
              <FieldError id="signup-terms-error" message={fieldState.error?.message} />
            </div>
          )}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="text-center text-muted">
        Already have an account?{' '}
        <Link to={paths.login} className="font-bold text-tiger-700 hover:underline">
          Log in
        </Link>
      </p>
    </div>
  )
}
