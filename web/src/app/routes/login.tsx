import { ArrowLeft } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { AuthShell, LoginForm } from '@/features/auth'

export default function LoginPage() {
  const navigate = useNavigate()
  return (
    <div>
      <div className="mx-auto max-w-md px-4 pt-6">
        <Button variant="ghost" size="sm" onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden="true" /> Back
        </Button>
      </div>
      <AuthShell title="Welcome Back!" description="Log in to continue your reading adventure." character="siso" className="-mt-4">
        <LoginForm />
      </AuthShell>
    </div>
  )
}
