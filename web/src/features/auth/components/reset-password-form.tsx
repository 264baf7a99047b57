import { zodResolver } from '@hookform/resolvers/zod'
import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Form, InputField } from '@/components/ui/form'
import { paths } from '@/config/paths'
import { authClient, siteUrl } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'
import { emailOnlySchema, type EmailOnlyValues } from '../email-only-schema'
import { serverFormMethod } from '@/lib/render-env'

/** spec 01 §2 /reset-password: ask for a reset link. */
export function ResetPasswordForm() {
  const [sent, setSent] = useState(false)
  const form = useForm<EmailOnlyValues>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } })
  const sending = form.formState.isSubmitting

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const { error } = await authClient.resetPasswordForEmail(email, { redirectTo: siteUrl(paths.updatePassword) })
      if (error) {
        toast.error('Error', { description: error.message })
        return
      }
      toast.success('Password reset email sent', { description: 'Check your email for a password reset link.' })
      setSent(true)
    } catch (err) {
      toast.error('Error', { description: messageOf(err) })
    }
  })

  if (sent) {
    return (
      <div className="space-y-5 text-center">
        <Alert tone="success" className="flex items-start gap-3 text-left">
          <MailCheck className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
          <p className="font-semibold">We&apos;ve sent a password reset link to your email. Please check your inbox.</p>
        </Alert>
        <Button asChild size="lg" className="w-full">
          <Link to={paths.login}>Return to Login</Link>
        </Button>
      </div>
    )
  }

  return (
    <Form {...form}>
      <form method={serverFormMethod} className="space-y-4" onSubmit={(e) => void onSubmit(e)}>
        <InputField control={form.control} name="email" label="Email" id="reset-email" type="email" autoComplete="email" required placeholder="you@example.com" />
        <Button type="submit" size="lg" className="w-full" disabled={sending}>
          {sending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <p className="text-center text-muted">
          Remembered it?{' '}
          <Link to={paths.login} className="font-bold text-tiger-700 hover:underline">
            Back to login
          </Link>
        </p>
      </form>
    </Form>
  )
}
