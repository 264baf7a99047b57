import { zodResolver } from '@hookform/resolvers/zod'
import { UserRoundCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage, InputField } from '@/components/ui/form'
import { paths } from '@/config/paths'
import { authClient, siteUrl } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'
import { isAlreadyRegistered } from '../auth-errors'
import { setPendingEmail } from '../pending-email'
import { setReturnTo, useReturnTarget } from '../return-to'
import { signupSchema, type SignupValues } from '../signup-schema'
import { OrDivider } from './auth-shell'
import { GoogleButton } from './google-button'
import { StrengthMeter } from './strength-meter'
import { serverFormMethod } from '@/lib/render-env'

const empty: SignupValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', terms: false }

/** spec 01 §2 /signup, §4 "Sign-up", §5 "Sign-up" (validated on change). */
export function SignupForm() {
  const navigate = useNavigate()
  // Where the visitor was going before the login page sent them here: confirmed by its code, the account goes on there.
  const returnTo = useReturnTarget()
  const [existingEmail, setExistingEmail] = useState<string | null>(null)
  const form = useForm<SignupValues>({ resolver: zodResolver(signupSchema), mode: 'onChange', defaultValues: empty })
  const { control, trigger, getValues } = form
  const isSubmitting = form.formState.isSubmitting
  const password = useWatch({ control, name: 'password' })

  const onSubmit = form.handleSubmit(async (values) => {
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
      setReturnTo(returnTo)
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
      <GoogleButton mode="signup" returnTo={returnTo} />
      <OrDivider />
      <Form {...form}>
        <form method={serverFormMethod} className="space-y-4" noValidate onSubmit={(e) => void onSubmit(e)}>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField control={control} name="firstName" label="First name" id="signup-first-name" autoComplete="given-name" />
            <InputField control={control} name="lastName" label="Last name" id="signup-last-name" autoComplete="family-name" />
          </div>
          <InputField control={control} name="email" label="Email" id="signup-email" type="email" autoComplete="email" placeholder="you@example.com" />
          <InputField
            control={control}
            name="password"
            label="Password"
            id="signup-password"
            type="password"
            autoComplete="new-password"
            onChange={() => {
              if (getValues('confirmPassword')) void trigger('confirmPassword')
            }}
          >
            <StrengthMeter password={password} />
          </InputField>
          <InputField control={control} name="confirmPassword" label="Confirm password" id="signup-confirm-password" type="password" autoComplete="new-password" />
          <FormField
            control={control}
            name="terms"
            render={({ field }) => (
              <FormItem id="signup-terms" className="space-y-1">
                <div className="flex items-start gap-3">
                  <FormControl>
                    <Checkbox className="mt-0.5" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} ref={field.ref} />
                  </FormControl>
                  <FormLabel className="cursor-pointer font-normal leading-relaxed">
                    I agree to the{' '}
                    <Link to={paths.terms} target="_blank" className="font-bold text-tiger-700 underline-offset-2 hover:underline">
                      Terms of Service
                    </Link>{' '}
                    and{' '}
                    <Link to={paths.privacy} target="_blank" className="font-bold text-tiger-700 underline-offset-2 hover:underline">
                      Privacy Policy
                    </Link>
                  </FormLabel>
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Creating account...' : 'Create Account'}
          </Button>
        </form>
      </Form>
      <p className="text-center text-muted">
        Already have an account?{' '}
        <Link to={paths.login} className="font-bold text-tiger-700 hover:underline">
          Log in
        </Link>
      </p>
    </div>
  )
}
