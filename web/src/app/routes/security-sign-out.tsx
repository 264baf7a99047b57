import { useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { SignOutLinkPage } from '@/features/security/components/sign-out-link-page'

/** /security/sign-out?token=: the new-device e-mail's link (no sign-in needed). */
export default function SecuritySignOutRoute() {
  const [params] = useSearchParams()
  return <SignOutLinkPage token={params.get('token') ?? ''} resetPasswordPath={paths.resetPassword} />
}
