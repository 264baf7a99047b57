import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useAuth } from '@/features/auth/auth-provider'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { LoginForm } from '@/features/auth/components/login-form'
import { TwoStepChallenge } from '@/features/auth/components/two-step-challenge'
import { useGoBack } from '@/lib/use-go-back'

export default function LoginPage() {
  // Back within the site; a visitor who landed here directly goes home.
  const goBack = useGoBack(paths.home)
  const [secondStep, setSecondStep] = useState(false)
  const { signOut } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const from = (location.state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from
  const returnTo = from?.pathname && from.pathname !== paths.login ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : paths.home
  return (
    <div>
      <div className="mx-auto max-w-md px-4 pt-6">
        <Button variant="ghost" size="sm" onClick={goBack}>
          <ArrowLeft aria-hidden="true" /> Back
        </Button>
      </div>
      <AuthShell title="Welcome Back!" description="Log in to continue your reading adventure." character="siso" className="-mt-4">
        {secondStep ? (
          <TwoStepChallenge
            onDone={() => navigate(returnTo, { replace: true })}
            onCancel={() => {
              setSecondStep(false)
              void signOut({ redirectTo: paths.login, scope: 'local' })
            }}
          />
        ) : (
          <LoginForm onSecondStep={() => setSecondStep(true)} />
        )}
      </AuthShell>
    </div>
  )
}
