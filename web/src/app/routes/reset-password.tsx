import { AuthShell } from '@/features/auth/components/auth-shell'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'

export default function ResetPasswordPage() {
  return (
    <AuthShell title="Reset Password" description="Enter your email and we'll send you a link to choose a new password." character="feefee">
      <ResetPasswordForm />
    </AuthShell>
  )
}
