import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Form, LabelledField, setServerErrors } from '@/components/ui/form'
import { Textarea } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { messageOf } from '@/lib/errors'
import { useCustomerAction, type CustomerAction } from '../api/customers'
import { identityCheckSchema, type IdentityCheckValues } from '../identity-check'
import type { CustomerDetail } from '../types'

type Confirmable = 'sign-out' | 'ban' | 'delete'

const done: Record<CustomerAction['kind'], string> = {
  'resend-confirmation': 'The confirmation e-mail is on its way',
  'password-reset': 'The password reset e-mail is on its way',
  'sign-out': 'Signed out everywhere',
  'reset-factors': 'Two-step sign-in is off for this account',
  ban: 'Done',
  delete: 'The account is deleted',
}

/** A customer's actions, as the staff member's role allows them (canResend: emails.resend; canHelp: customers.help). */
export function CustomerActions({ customer: c, canResend, canHelp }: { customer: CustomerDetail; canResend: boolean; canHelp: boolean }) {
  const action = useCustomerAction(c.id)
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState<Confirmable | null>(null)
  const staff = c.role !== 'user'

  async function run(a: CustomerAction): Promise<boolean> {
    try {
      await action.mutateAsync(a)
      toast.success(a.kind === 'ban' ? (a.banned ? 'The account is banned' : 'The account is unbanned') : done[a.kind])
      setConfirming(null)
      if (a.kind === 'delete') void navigate(paths.adminCustomers, { replace: true })
      return true
    } catch (err) {
      toast.error('That did not work', { description: messageOf(err) })
      return false
    }
  }

  const questions: Record<Confirmable, { title: string; text: string; label: string; act: CustomerAction }> = {
    'sign-out': { title: 'Sign out everywhere?', text: `Every browser signed in to ${c.email} is signed out at once.`, label: 'Sign out everywhere', act: { kind: 'sign-out' } },
    ban: c.banned
      ? { title: 'Unban this account?', text: `${c.email} can sign in again.`, label: 'Unban', act: { kind: 'ban', banned: false } }
      : { title: 'Ban this account?', text: `${c.email} is signed out everywhere and cannot sign in until unbanned.`, label: 'Ban', act: { kind: 'ban', banned: true } },
    delete: {
      title: 'Delete this account?',
      text: `Only when its owner asked. ${c.email}'s profile, children, stories and sessions go for good; the orders stay for the accounts, without the buyer.`,
      label: 'Delete the account',
      act: { kind: 'delete' },
    },
  }
  const q = confirming ? questions[confirming] : null

  return (
    <div className="flex flex-col gap-3">
      {canResend && !c.confirmed && (
        <Button variant="outline" disabled={action.isPending} onClick={() => void run({ kind: 'resend-confirmation' })}>
          Resend the confirmation e-mail
        </Button>
      )}
      {canResend && (
        <Button variant="outline" disabled={action.isPending} onClick={() => void run({ kind: 'password-reset' })}>
          Send a password reset
        </Button>
      )}
      {canHelp && !staff && (
        <>
          <Button variant="outline" disabled={action.isPending} onClick={() => setConfirming('sign-out')}>
            Sign out everywhere
          </Button>
          <Button variant="outline" disabled={action.isPending} onClick={() => setConfirming('ban')}>
            {c.banned ? 'Unban' : 'Ban'}
          </Button>
          <Button variant="destructive" className="bg-red-700 hover:bg-red-800" disabled={action.isPending} onClick={() => setConfirming('delete')}>
            Delete the account
          </Button>
        </>
      )}
      {canHelp && staff && <p className="text-sm text-muted">This is a staff account: it is managed under Staff.</p>}
      <ConfirmDialog
        open={q !== null}
        title={q?.title ?? ''}
        confirmLabel={q?.label ?? ''}
        destructive
        busy={action.isPending}
        onConfirm={() => {
          if (q) void run(q.act)
        }}
        onCancel={() => setConfirming(null)}
      >
        <p className="text-lg text-muted">{q?.text}</p>
      </ConfirmDialog>
    </div>
  )
}

/** Removing the two-step factors: first, how the person's identity was checked (kept in the audit log). */
export function ResetFactors({ customer }: { customer: CustomerDetail }) {
  const [open, setOpen] = useState(false)
  const action = useCustomerAction(customer.id)
  const form = useForm<IdentityCheckValues>({ resolver: zodResolver(identityCheckSchema), defaultValues: { identityCheck: '' } })

  async function submit(values: IdentityCheckValues) {
    try {
      await action.mutateAsync({ kind: 'reset-factors', identityCheck: values.identityCheck })
      toast.success(done['reset-factors'])
      setOpen(false)
      form.reset()
    } catch (err) {
      if (!setServerErrors(form.setError, err, ['identityCheck'])) toast.error('The factors were not removed', { description: messageOf(err) })
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Remove two-step factors
      </Button>
      <Form {...form}>
        <ConfirmDialog
          open={open}
          title="Remove two-step sign-in?"
          confirmLabel="Remove the factors"
          destructive
          wide
          busy={action.isPending}
          onConfirm={() => void form.handleSubmit(submit)()}
          onCancel={() => setOpen(false)}
        >
          <p className="text-muted">
            Only for the account's owner, who lost their authenticator. {customer.email} then signs in with the first step alone and may turn
            two-step sign-in on again.
          </p>
          <LabelledField
            control={form.control}
            name="identityCheck"
            label="How did you check it is them?"
            renderControl={(field) => <Textarea {...field} rows={3} placeholder="e.g. Called back on the phone number of their last order" />}
          />
        </ConfirmDialog>
      </Form>
    </>
  )
}
