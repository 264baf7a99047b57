import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Copy, Download, ShieldCheck } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { CodeField, Form } from '@/components/ui/form'
import { authClient } from '@/lib/auth-client'
import { z } from '@/lib/zod'
import { useSecurityKeys } from '../api/passkeys'
import { Section } from './section'
import { userKey } from '@/lib/user-data'

type Enrolment = { id: string; qr: string; secret: string }

export const factorsKey = userKey('mfa-factors')
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err))

async function verifiedTotp() {
  const { data, error } = await authClient.mfa.listFactors()
  if (error) throw error
  return data.totp.find((f) => f.status === 'verified') ?? null
}

/**
 * Two-step sign-in: TOTP through the account service's factors API. The
 * recovery codes come back once, with the first verified factor.
 */
export function TwoStepCard() {
  const queryClient = useQueryClient()
  const factor = useQuery({ queryKey: factorsKey, queryFn: verifiedTotp })
  const withKey = (useSecurityKeys().data?.length ?? 0) > 0
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [busy, setBusy] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: factorsKey })

  async function start() {
    setBusy(true)
    try {
      const { data, error } = await authClient.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' })
      if (error) throw error
      setEnrolment({ id: data.id, qr: data.totp.qr_code, secret: data.totp.secret })
    } catch (err) {
      toast.error('Could not start two-step sign-in', { description: messageOf(err) })
    } finally {
      setBusy(false)
    }
  }

  async function confirm(code: string): Promise<boolean> {
    if (!enrolment) return false
    setBusy(true)
    try {
      const { data, error } = await authClient.mfa.challengeAndVerify({ factorId: enrolment.id, code })
      if (error) throw error
      const recovery = (data as unknown as { recovery_codes?: string[] }).recovery_codes
      setCodes(recovery ?? null)
      setEnrolment(null)
      toast.success('Two-step sign-in is on')
      await refresh()
      return true
    } catch (err) {
      toast.error('That code did not work', { description: messageOf(err) })
      return false
    } finally {
      setBusy(false)
    }
  }

  async function turnOff(code: string): Promise<boolean> {
    const id = factor.data?.id
    if (!id) return false
    setBusy(true)
    try {
      const verified = await authClient.mfa.challengeAndVerify({ factorId: id, code })
      if (verified.error) throw verified.error
      const { error } = await authClient.mfa.unenroll({ factorId: id })
      if (error) throw error
      setCodes(null)
      toast.success('Two-step sign-in is off')
      await refresh()
      return true
    } catch (err) {
      toast.error('Could not turn off two-step sign-in', { description: messageOf(err) })
      return false
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section id="two-step" icon={ShieldCheck} tone="leaf" title="Two-step sign-in" description="Ask for a code from an authenticator app each time you sign in.">
      {factor.isPending && <p className="text-muted">Checking…</p>}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {!codes && factor.data && (
        <CodeForm
          onCode={turnOff}
          before={<p className="font-bold text-leaf-800">Two-step sign-in is on.</p>}
          actions={(ready) => (
            <Button type="submit" variant="outline" className="self-start" disabled={!ready || busy}>
              Turn off two-step sign-in
            </Button>
          )}
        />
      )}
      {!codes && factor.data === null && !enrolment && (
        <>
          {/* On already with a security key (SecurityKeysCard): the app is a second way. */}
          {withKey && <p className="mb-3 font-bold text-leaf-800">Two-step sign-in is on with your security key.</p>}
          <Button className="self-start" onClick={() => void start()} disabled={busy}>
            {withKey ? 'Add an authenticator app' : 'Turn on two-step sign-in'}
          </Button>
        </>
      )}
      {enrolment && (
        <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
          {/* auth-js hands the server's SVG over as a data URI already. */}
          <img src={enrolment.qr} alt="QR code for your authenticator app" className="size-44 rounded-xl border-2 border-line bg-white p-2" />
          <CodeForm
            onCode={confirm}
            before={
              <>
                <p>Scan the code with your authenticator app, or type this key into it:</p>
                <code className="break-all rounded-lg bg-cream px-3 py-2 font-mono text-sm" data-testid="totp-secret">
                  {enrolment.secret}
                </code>
              </>
            }
            actions={(ready) => (
              <div className="flex gap-2">
                <Button type="submit" disabled={!ready || busy}>
                  Confirm
                </Button>
                <Button type="button" variant="ghost" onClick={() => setEnrolment(null)}>
                  Cancel
                </Button>
              </div>
            )}
          />
        </div>
      )}
    </Section>
  )
}

const codeSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'Enter the 6 digits your app shows') })

/**
 * The form that asks for the app's current code (to turn the factor on or off).
 * Only digits go in; `actions` get whether 6 digits are there. A code that
 * did not work stays in the field.
 */
function CodeForm({ onCode, before, actions }: { onCode: (code: string) => Promise<boolean>; before: ReactNode; actions: (ready: boolean) => ReactNode }) {
  const form = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } })
  const ready = codeSchema.safeParse({ code: useWatch({ control: form.control, name: 'code' }) }).success
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(({ code }) => onCode(code).then((done) => done && form.reset()))} noValidate className="flex flex-col gap-3">
        {before}
        <CodeField control={form.control} name="code" label="6-digit code from your app" className="[&_input]:max-w-40" />
        {actions(ready)}
      </form>
    </Form>
  )
}

/** The recovery codes, shown once: copy or download them before leaving. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n')
  const download = () => {
    const url = URL.createObjectURL(new Blob([text + '\n'], { type: 'text/plain' }))
    const a = document.createElement('a')
    a.href = url
    a.download = 'siso-and-friends-recovery-codes.txt'
    a.click()
    URL.revokeObjectURL(url)
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="font-bold">Your recovery codes</p>
      <p className="text-sm text-muted">Each one signs you in once if you lose your phone. Keep them somewhere safe: we show them only now.</p>
      <ul className="grid grid-cols-2 gap-2 rounded-xl bg-cream p-3 font-mono text-sm sm:grid-cols-5" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => void navigator.clipboard.writeText(text).then(() => toast.success('Recovery codes copied'))}>
          <Copy /> Copy
        </Button>
        <Button size="sm" variant="outline" onClick={download}>
          <Download /> Download
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  )
}
