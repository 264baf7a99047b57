import { useState } from 'react'
import { paths } from '@/config/paths'
import { SecurityPage } from '@/features/security/components/security-page'
import { landingUrl } from '@/lib/auth-client'
import { useGoBack } from '@/lib/use-go-back'

/** What a Google linking that failed brought back to this page (?error_description=), or null. */
function linkErrorOf(url: URL): string | null {
  if (url.pathname !== paths.profileSecurity) return null
  return url.searchParams.get('error_description') ?? url.hash.match(/error_description=([^&]*)/)?.[1]?.replace(/\+/g, ' ') ?? null
}

/** /profile/security: the parent's sessions, sign-ins and linked sign-ins (behind RequireAuth). */
export default function ProfileSecurityRoute() {
  const goBack = useGoBack(paths.profile)
  const [linkError] = useState(() => {
    const raw = linkErrorOf(landingUrl)
    return raw ? decodeURIComponent(raw) : null
  })
  return <SecurityPage onBack={goBack} returnPath={paths.profileSecurity} linkError={linkError} />
}
