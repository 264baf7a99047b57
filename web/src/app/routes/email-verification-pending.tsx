import { AuthShell } from '@/features/auth/components/auth-shell'
import { VerificationPending } from '@/features/auth/components/verification-pending'

export default function EmailVerificationPendingPage() {
  return (
    <AuthShell title="Check your email" character="nainni">
      <VerificationPending />
    </AuthShell>
  )
}
