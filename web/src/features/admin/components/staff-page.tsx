import { zodResolver } from '@hookform/resolvers/zod'
import { Mail, UserPlus } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Form, InputField, SelectField, setServerErrors } from '@/components/ui/form'
import { Select } from '@/components/ui/input'
import { Loading } from '@/components/ui/loading'
import { messageOf } from '@/lib/errors'
import { z } from '@/lib/zod'
import { useStaff } from '../api/get-staff'
import { useInviteStaff } from '../api/invite-staff'
import { useUpdateStaffRole } from '../api/update-staff-role'
import { roleNames, roleSummaries, staffRoles, type AdminMe, type Role, type StaffMember } from '../types'
import { AdminPage } from './admin-shell'

const roleOptions = staffRoles.map((r) => ({ value: r, label: roleNames[r] }))

/** /admin/staff (owners): who is on the staff, their roles, and adding someone by e-mail. */
export function StaffPage({ me }: { me: AdminMe }) {
  const staff = useStaff()
  return (
    <AdminPage title="Staff" intro="Who works in the back office and what their role allows. Everyone here signs in with two steps before the back office opens.">
      <AddStaffForm />
      <h2 className="mt-10 text-xl font-bold">Current staff</h2>
      <div className="mt-3">
        {staff.isPending ? (
          <Loading label="Loading the staff..." />
        ) : staff.isError ? (
          <Alert tone="error">Could not load the staff: {messageOf(staff.error)}</Alert>
        ) : (
          <ul className="divide-y-2 divide-line overflow-hidden rounded-2xl border-2 border-line bg-white">
            {staff.data.map((m) => (
              <StaffRow key={m.userId} member={m} isMe={m.userId === me.userId} />
            ))}
          </ul>
        )}
      </div>
    </AdminPage>
  )
}

function StaffRow({ member, isMe }: { member: StaffMember; isMe: boolean }) {
  const update = useUpdateStaffRole()
  const change = (role: Role) =>
    update.mutate(
      { email: member.email, role },
      {
        onSuccess: (m) => toast.success(m.role === 'user' ? `${m.email} is no longer on the staff` : `${m.email} is now ${roleNames[m.role]}`),
        onError: (err) => toast.error('The role was not changed', { description: messageOf(err) }),
      },
    )
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-bold">
          {member.name || member.email} {isMe && <Badge className="ml-1 bg-leaf-100 text-leaf-800">You</Badge>}
        </p>
        <p className="break-all text-sm text-muted">{member.email}</p>
        <p className="mt-1 flex flex-wrap gap-2 text-sm">
          {member.invited && <Badge className="bg-sky-100 text-sky-700">Invitation sent</Badge>}
          {member.twoStep ? (
            <Badge className="bg-leaf-100 text-leaf-800">Two-step sign-in on</Badge>
          ) : (
            <Badge className="bg-sun-100 text-tiger-800">Two-step sign-in off: the back office stays closed</Badge>
          )}
        </p>
      </div>
      <Select
        aria-label={`Role of ${member.email}`}
        className="sm:w-56"
        value={member.role}
        disabled={update.isPending}
        onChange={(e) => change(e.target.value as Role)}
      >
        {staffRoles.map((r) => (
          <option key={r} value={r}>
            {roleNames[r]}
          </option>
        ))}
        <option value="user">Remove from staff</option>
      </Select>
    </li>
  )
}

const addSchema = z.object({
  email: z.string().trim().min(1, 'Enter the e-mail address of their account').max(254, 'Too long'),
  role: z.enum(['owner', 'manager', 'editor', 'support']),
})
type AddValues = z.infer<typeof addSchema>

function AddStaffForm() {
  const update = useUpdateStaffRole()
  const invite = useInviteStaff()
  const form = useForm<AddValues>({ resolver: zodResolver(addSchema), defaultValues: { email: '', role: 'editor' } })
  const role = useWatch({ control: form.control, name: 'role' })
  const add = async (values: AddValues) => {
    try {
      const m = await update.mutateAsync(values)
      toast.success(`${m.email} is now ${roleNames[m.role]}`)
      form.reset()
    } catch (err) {
      if (!setServerErrors(form.setError, err, ['email', 'role'])) toast.error('Could not add them to the staff', { description: messageOf(err) })
    }
  }
  const sendInvitation = async (values: AddValues) => {
    try {
      const m = await invite.mutateAsync(values)
      toast.success(`An invitation is on its way to ${m.email}`)
      form.reset()
    } catch (err) {
      if (!setServerErrors(form.setError, err, ['email', 'role'])) toast.error('The invitation was not sent', { description: messageOf(err) })
    }
  }
  return (
    <Form {...form}>
      <form
        aria-label="Add someone to the staff"
        noValidate
        onSubmit={(e) => void form.handleSubmit(add)(e)}
        className="grid gap-4 rounded-2xl border-2 border-line bg-white p-4 sm:p-6 lg:grid-cols-[1fr_1fr_auto_auto] lg:items-start"
      >
        <InputField control={form.control} name="email" label="E-mail address" type="email" autoComplete="off" />
        <SelectField control={form.control} name="role" label="Role" options={roleOptions} />
        <Button type="submit" className="lg:mt-7" disabled={form.formState.isSubmitting}>
          <UserPlus aria-hidden="true" /> {update.isPending ? 'Adding...' : 'Add to staff'}
        </Button>
        <Button type="button" variant="outline" className="lg:mt-7" disabled={form.formState.isSubmitting} onClick={() => void form.handleSubmit(sendInvitation)()}>
          <Mail aria-hidden="true" /> {invite.isPending ? 'Sending...' : 'Send an invitation'}
        </Button>
        <div className="space-y-1 text-sm text-muted lg:col-span-4">
          <p>
            <span className="font-bold text-ink">{roleNames[role]}:</span> {roleSummaries[role]}
          </p>
          <p>
            Already a customer? Add their account. New to the shop? Send an invitation: its link lets them choose a password, and the back office opens
            once they turn on two-step sign-in.
          </p>
        </div>
      </form>
    </Form>
  )
}
