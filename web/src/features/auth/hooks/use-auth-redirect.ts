import type { Session } from '@supabase/auth-js'
import { useEffect, useState } from 'react'
import { authClient, landingUrl } from '@/lib/auth-client'
import { urlAuthError } from '../auth-errors'

export type AuthRedirect =
  | { status: 'loading' }
  | {
      status: 'done'
      session: Session | null
      /** An error the link brought (error_code / error_description) or the code exchange gave. */
      error: { code: string; description: string } | null
      /** The link carried a PKCE code: the server verified the e-mail before issuing it. */
      hadCode: boolean
    }

/**
 * What an e-mail or OAuth link brought to this page, once auth-js has
 * finished with it: detectSessionInUrl exchanges ?code= for a session when
 * this browser holds the PKCE verifier.
 */
export function useAuthRedirect(): AuthRedirect {
  const [result, setResult] = useState<AuthRedirect>({ status: 'loading' })

  useEffect(() => {
    let cancelled = false
    const url = landingUrl.pathname === window.location.pathname ? landingUrl : new URL(window.location.href)
    void (async () => {
      let initError: { code: string; description: string } | null = null
      try {
        const { error } = await authClient.initialize()
        if (error) initError = { code: (error as { code?: string }).code ?? 'exchange_failed', description: error.message }
      } catch (err) {
        initError = { code: 'exchange_failed', description: err instanceof Error ? err.message : String(err) }
      }
      const { data } = await authClient.getSession()
      if (cancelled) return
      setResult({
        status: 'done',
        session: data.session,
        error: urlAuthError(url) ?? initError,
        hadCode: new URLSearchParams(url.search).has('code'),
      })
    })()
    return () => {
      cancelled = true
    }
  }, [])

  return result
}
