import { Hourglass } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useAuth } from '../auth-provider'
import { useAuthRedirect } from '../hooks/use-auth-redirect'
import { AuthShell } from './auth-shell'
import { UpdatePasswordForm } from './update-password-form'
import { StatusPanel } from './status-panel'

/**
 * spec 01 §2 /update-password, the return target of the reset e-mail: the
 * form when the link brought a session, else the 'Link Expired' view.
 */
export function UpdatePasswordScreen() {
  const result = useAuthRedirect()
  const { session, signOut } = useAuth()

  if (result.status === 'loading') {
    return (
      <AuthShell title="Update Password" character="feefee">
        <Loading label="Checking your link..." className="min-h-40" />
      </AuthShell>
    )
  }

  if (!result.session && !session) {
    return (
      <AuthShell title="Link Expired" character="feefee">
        <StatusPanel
          icon={Hourglass}
          tone="warning"
          action={
            <Button asChild size="lg" className="w-full">
              <Link to={paths.resetPassword}>Request a new link</Link>
            </Button>
          }
        >
          <p className="text-lg">Invalid or expired password reset link. Please try again.</p>
        </StatusPanel>
      </AuthShell>
    )
  }

  return (
    <AuthShell title="Update Password" description="Choose a new password for your account." character="feefee">
      {/* Afterwards the visitor signs in again with the new password (spec 01 §8: then /login). */}
      <UpdatePasswordForm onUpdated={() => void signOut({ scope: 'local', redirectTo: paths.login })} />
    </AuthShell>
  )
}
