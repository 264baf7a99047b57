import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { authClient, siteUrl } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'
import { useSettings } from '@/lib/settings'
import { setReturnTo } from '../return-to'

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5!">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.8 3.3-8.1z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.3 9.1 5.4 12 5.4z" />
    </svg>
  )
}

/** Google sign-in, as the server's settings (inlined in the page) say: 'unknown' when they could not be read. */
function useGoogleAvailability(): 'enabled' | 'disabled' | 'loading' | 'unknown' {
  const { data, isPending, isError } = useSettings()
  if (isPending) return 'loading'
  if (isError) return 'unknown'
  return data.google.enabled ? 'enabled' : 'disabled'
}

/**
 * "Continue with Google". Disabled, with a short reason, when the server says
 * Google sign-in is not set up.
 */
export function GoogleButton({ mode, returnTo }: { mode: 'signin' | 'signup'; returnTo?: string }) {
  const availability = useGoogleAvailability()
  const [busy, setBusy] = useState(false)
  const label = mode === 'signin' ? 'Sign in with Google' : 'Sign up with Google'
  const failure = mode === 'signin' ? 'Sign in failed' : 'Sign up failed'
  const off = availability === 'disabled' || availability === 'unknown'

  const start = async () => {
    setBusy(true)
    setReturnTo(returnTo ?? paths.home)
    try {
      const { error } = await authClient.signInWithOAuth({ provider: 'google', options: { redirectTo: siteUrl(paths.googleCallback) } })
      if (error) throw error
      // The browser is on its way to Google; keep the button busy.
    } catch (err) {
      setBusy(false)
      toast.error(failure, { description: messageOf(err) })
    }
  }

  return (
    <div>
      <Button
        type="button"
        variant="outline"
        className="h-12 w-full"
        disabled={off || busy || availability === 'loading'}
        aria-describedby={off ? 'google-unavailable' : undefined}
        onClick={() => void start()}
      >
        <GoogleLogo />
        {busy ? 'Redirecting to Google...' : label}
      </Button>
      {off && (
        <p id="google-unavailable" className="mt-2 text-center text-sm text-muted">
          {availability === 'disabled'
            ? 'Google sign-in isn\u2019t available on this shop yet. Please use your email instead.'
            : 'Google sign-in can\u2019t be reached right now. Please use your email instead.'}
        </p>
      )}
    </div>
  )
}
