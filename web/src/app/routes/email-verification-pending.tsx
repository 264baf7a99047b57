import { AuthShell, VerificationPending } from '@/features/auth'

export default function EmailVerificationPendingPage() {
  return (
    <AuthShell title="Check your email" character="nainni">
      <VerificationPending />
    </AuthShell>
  )
}
