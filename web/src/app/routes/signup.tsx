import { AuthShell } from '@/features/auth/components/auth-shell'
import { SignupForm } from '@/features/auth/components/signup-form'

export default function SignupPage() {
  return (
    <AuthShell title="Create an Account" description="Join Siso and friends for stories, games and more." character="lizzie">
      <SignupForm />
    </AuthShell>
  )
}
