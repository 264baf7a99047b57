import { KeyRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { authClient } from '@/lib/auth-client'
import { messageOf } from '@/lib/errors'

/** The account's second factors as the second step needs them: whether it has an app, and a security key to ask for. */
export function useSecondFactors() {
  const [factors, setFactors] = useState<{ hasApp: boolean; factorId: string | null }>({ hasApp: true, factorId: null })
  useEffect(() => {
    let live = true
    void authClient.mfa.listFactors().then(({ data }) => {
      if (!live || !data) return
      const key = data.webauthn.find((f) => f.status === 'verified')
      setFactors({ hasApp: data.totp.some((f) => f.status === 'verified'), factorId: key?.id ?? null })
    })
    return () => {
      live = false
    }
  }, [])
  return factors
}

/**
 * The second step with a security key or a phone (a WebAuthn factor): the
 * browser asks for any of the account's keys, and the session becomes aal2.
 */
export function SecurityKeyButton({ factorId, onDone }: { factorId: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false)
  async function askForKey() {
    setBusy(true)
    try {
      const { error } = await authClient.mfa.webauthn.authenticate({ factorId })
      if (error) throw error
      toast.success('Login successful', { description: 'Welcome back!' })
      onDone()
    } catch (err) {
      toast.error('That did not work', { description: messageOf(err) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button type="button" size="lg" className="w-full" disabled={busy} onClick={() => void askForKey()}>
        <KeyRound /> {busy ? 'Waiting for your key…' : 'Use a security key or phone'}
      </Button>
      <p className="text-center text-sm text-muted">or enter a code</p>
    </>
  )
}
