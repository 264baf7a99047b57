import { AuthShell, SignupForm } from '@/features/auth'

export default function SignupPage() {
  return (
    <AuthShell title="Create an Account" description="Join Siso and friends for stories, games and more." character="lizzie">
      <SignupForm />
    </AuthShell>
  )
}
