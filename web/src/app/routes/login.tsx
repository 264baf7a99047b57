import { ArrowLeft } from 'lucide-react'
import { Navigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useAuth } from '@/features/auth/auth-provider'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { SignIn } from '@/features/auth/components/sign-in'
import { useReturnTarget } from '@/features/auth/return-to'
import { useGoBack } from '@/lib/use-go-back'

export default function LoginPage() {
  // Back within the site; a visitor who landed here directly goes home.
  const goBack = useGoBack(paths.home)
  const returnTo = useReturnTarget()
  const { user } = useAuth()
  // Already signed in (say, just confirmed in another tab): on to where they were going, not an empty form.
  if (user) return <Navigate to={returnTo} replace />
  return (
    <div>
      <div className="mx-auto max-w-md px-4 pt-6">
        <Button variant="ghost" size="sm" onClick={goBack}>
          <ArrowLeft aria-hidden="true" /> Back
        </Button>
      </div>
      <AuthShell title="Welcome Back!" description="Log in to continue your reading adventure." character="siso" className="-mt-4">
        <SignIn returnTo={returnTo} cancelTo={paths.login} />
      </AuthShell>
    </div>
  )
}
