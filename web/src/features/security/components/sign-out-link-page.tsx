import { ShieldAlert } from 'lucide-react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { messageOf } from '@/lib/errors'
import { useSignOutByLink } from '../api/sign-out-link'

/**
 * The page of the new-device e-mail's link: one button signs that session
 * out (a click, so that mail scanners opening links sign nothing out).
 */
export function SignOutLinkPage({ token, resetPasswordPath }: { token: string; resetPasswordPath: string }) {
  const signOut = useSignOutByLink()
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <ShieldAlert className="size-10 text-tiger-700" aria-hidden="true" />
          <CardTitle>Sign out the new session?</CardTitle>
          <CardDescription>
            We e-mailed you about a sign-in from a device your account had not used before. If it was not you, sign that session out
            here, then choose a new password.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!token && <Alert tone="error">This link is not complete. Please open the link from the e-mail again.</Alert>}
          {signOut.isSuccess && (
            <Alert tone="success">
              <p className="font-bold">That session is signed out.</p>
              <p>If the sign-in was not you, choose a new password now.</p>
            </Alert>
          )}
          {signOut.isError && <Alert tone="error">{messageOf(signOut.error)}</Alert>}
          {!signOut.isSuccess && token && (
            <Button disabled={signOut.isPending} onClick={() => signOut.mutate(token)}>
              Sign that session out
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to={resetPasswordPath}>Choose a new password</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
