import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, InputField, setServerErrors } from '@/components/ui/form'
import { modalDialogClass, useModalDialog } from '@/components/ui/modal-dialog'
import { messageOf } from '@/lib/errors'
import { z } from '@/lib/zod'
import { useGrantStorybook } from '../api/storybooks'
import type { AdminStorybook } from '../types'

const schema = z.object({ email: z.string().trim().pipe(z.email('Enter the e-mail address of the parent’s account.')) })
type Values = z.input<typeof schema>

/** "Give to a family": the family of the account with that address gets the edition (a gift, a complaint put right). */
export function GrantDialog({ open, storybook, onClose }: { open: boolean; storybook: AdminStorybook; onClose: () => void }) {
  const ref = useModalDialog(open)
  const titleId = useId()
  const grant = useGrantStorybook()
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } })
  const close = () => {
    form.reset()
    onClose()
  }
  const submit = async ({ email }: Values) => {
    try {
      const given = await grant.mutateAsync({ id: storybook.id, email: email.trim() })
      toast.success('Given to the family', { description: `The family of ${given.email} can read “${storybook.title}”.` })
      close()
    } catch (error) {
      if (!setServerErrors(form.setError, error, ['email'])) form.setError('email', { type: 'server', message: messageOf(error) })
    }
  }
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={() => open && close()} className={`${modalDialogClass} max-w-lg`}>
      <Form {...form}>
        <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="space-y-4">
          <h2 id={titleId} className="text-2xl font-bold">
            Give “{storybook.title}” to a family
          </h2>
          <p className="text-muted">The parent’s account and their children can read every page, as if they had bought the edition. It is written in the audit log.</p>
          <InputField control={form.control} name="email" label="Parent’s e-mail address" type="email" autoComplete="off" />
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Working...' : 'Give the edition'}
            </Button>
          </div>
        </form>
      </Form>
    </dialog>
  )
}
