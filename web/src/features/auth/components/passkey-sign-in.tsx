import { isAuthApiError, type Session } from '@supabase/auth-js'
import { Fingerprint } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { authClient } from '@/lib/auth-client'
import { isUnknownPasskey, mayOfferPasskeyAutofill, passkeyWorked } from '@/lib/unknown-passkeys'

/** Said when the server knows the passkey chosen for no account (its account deleted, or the passkey removed). */
export const UNKNOWN_PASSKEY_MESSAGE = 'This passkey no longer belongs to an account here, so we won’t offer it again. Please sign in with your e-mail.'

/**
 * Signing in with a passkey: the browser's passkey autofill (conditional UI:
 * the e-mail field, marked autocomplete="username webauthn", offers the
 * passkeys this browser holds) where the browser has it, and a button for
 * its own passkey picker. Both end in onSignedIn with the new session (aal1:
 * an account with two-step sign-in still owes its second step). A passkey
 * the server knows no account for is forgotten by the browser where it can
 * (lib/unknown-passkeys), and the autofill is not offered again.
 */
export function usePasskeySignIn(onSignedIn: (session: Session) => void, onFailed: (err: unknown) => void) {
  const [busy, setBusy] = useState(false)
  // Each round offers the autofill once; a refused or finished button sign-in starts the next.
  const [round, setRound] = useState(0)
  const autofill = useRef<AbortController | null>(null)
  // Set once a passkey was refused as unknown: offering the autofill again would pick it again.
  const [unknownSeen, setUnknownSeen] = useState(false)
  const signedIn = useEffectEvent(onSignedIn)
  const failed = useEffectEvent(onFailed)

  useEffect(() => {
    if (typeof window.PublicKeyCredential !== 'function' || !PublicKeyCredential.isConditionalMediationAvailable) return
    if (unknownSeen || !mayOfferPasskeyAutofill()) return
    const controller = new AbortController()
    autofill.current = controller
    void (async () => {
      if (!(await PublicKeyCredential.isConditionalMediationAvailable()) || controller.signal.aborted) return
      const { data, error } = await authClient.signInWithPasskey({ options: { mediation: 'conditional', signal: controller.signal } })
      if (controller.signal.aborted) return
      if (data?.session) {
        passkeyWorked()
        signedIn(data.session)
      } else if (isUnknownPasskey(error)) {
        failed(new Error(UNKNOWN_PASSKEY_MESSAGE))
        setUnknownSeen(true)
      }
      // The server refused the passkey chosen (not a ceremony the browser dropped): say so, offer it again.
      else if (isAuthApiError(error)) {
        failed(error)
        setRound((r) => r + 1)
      }
    })()
    return () => controller.abort()
  }, [round, unknownSeen])

  async function signInWithPasskey() {
    if (typeof window.PublicKeyCredential !== 'function') {
      onFailed(new Error('This browser cannot use passkeys.'))
      return
    }
    // One WebAuthn request at a time: the picker replaces the autofill.
    autofill.current?.abort()
    setBusy(true)
    try {
      const { data, error } = await authClient.signInWithPasskey()
      if (isUnknownPasskey(error)) {
        setUnknownSeen(true)
        throw new Error(UNKNOWN_PASSKEY_MESSAGE)
      }
      if (error) throw error
      if (data?.session) {
        passkeyWorked()
        onSignedIn(data.session)
      }
    } catch (err) {
      onFailed(err)
    } finally {
      setBusy(false)
      setRound((r) => r + 1)
    }
  }

  return { busy, signInWithPasskey }
}

export function PasskeyButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" size="lg" className="w-full" disabled={busy} onClick={onClick}>
      <Fingerprint /> {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
    </Button>
  )
}
