import { AuthShell, ResetPasswordForm } from '@/features/auth'

export default function ResetPasswordPage() {
  return (
    <AuthShell title="Reset Password" description="Enter your email and we'll send you a link to choose a new password." character="feefee">
      <ResetPasswordForm />
    </AuthShell>
  )
}
