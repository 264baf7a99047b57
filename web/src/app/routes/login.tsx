import { ArrowLeft } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { AuthShell } from '@/features/auth/components/auth-shell'
import { LoginForm } from '@/features/auth/components/login-form'
import { useGoBack } from '@/lib/use-go-back'

export default function LoginPage() {
  // Back within the site; a visitor who landed here directly goes home.
  const goBack = useGoBack(paths.home)
  return (
    <div>
      <div className="mx-auto max-w-md px-4 pt-6">
        <Button variant="ghost" size="sm" onClick={goBack}>
          <ArrowLeft aria-hidden="true" /> Back
        </Button>
      </div>
      <AuthShell title="Welcome Back!" description="Log in to continue your reading adventure." character="siso" className="-mt-4">
        <LoginForm />
      </AuthShell>
    </div>
  )
}
