import { lazy, Suspense } from 'react'
import { useNavigate } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { useAuth } from '../auth-provider'
import { LoginForm } from './login-form'

// The code step (its form's rules, security keys) loads when an account asks for it, not with /login.
const TwoStepChallenge = lazy(() => import('./two-step-challenge').then((m) => ({ default: m.TwoStepChallenge })))

/**
 * Signing in, both steps: the login form, then, while the session owes its
 * two-step code (also after a reload, or coming back from another page),
 * the code. Used by /login and /config, which differ as the spec says: /login
 * leaves the empty fields to the browser, /config says so on the fields.
 */
export function SignIn({ returnTo, failureTitle, cancelTo, browserValidation }: { returnTo: string; failureTitle?: string; cancelTo: string; browserValidation?: boolean }) {
  const { secondStepPending, signOut } = useAuth()
  const navigate = useNavigate()
  if (secondStepPending) {
    return (
      <Suspense fallback={<Loading className="min-h-48" />}>
        <TwoStepChallenge onDone={() => navigate(returnTo, { replace: true })} onCancel={() => void signOut({ redirectTo: cancelTo, scope: 'local' })} />
      </Suspense>
    )
  }
  return <LoginForm returnTo={returnTo} failureTitle={failureTitle} browserValidation={browserValidation} />
}
