import { FactTable } from './prose'
import type { RetentionSchedule } from '@/lib/settings'

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/** The rows of the retention schedule: what, how long, and what happens then. */
export function retentionRows(r: RetentionSchedule): { what: string; kept: string; then: string }[] {
  return [
    {
      what: 'Your account, your children\u2019s details and their stories',
      kept: `While you use your account. After ${plural(r.unusedAccountMonths, 'month')} without a sign-in we e-mail you`,
      then: `Deleted ${plural(r.deletionWarningDays, 'day')} after that e-mail, unless you sign in`,
    },
    { what: 'Dream Maker stories you did not keep', kept: plural(r.dreamMonths, 'month'), then: 'Deleted (press \u201cKeep this story\u201d to keep one)' },
    { what: 'Devices you signed in from', kept: `${plural(r.deviceMonths, 'month')} after the last sign-in from it`, then: 'Deleted' },
    { what: 'Sign-in history', kept: plural(r.signInDays, 'day'), then: 'Deleted' },
    { what: 'Messages sent through the contact form', kept: plural(r.contactMonths, 'month'), then: 'Deleted' },
    { what: 'The text of e-mails we sent you', kept: `${plural(r.sentMailDays, 'day')} after delivery`, then: 'Emptied (we keep only that an e-mail went)' },
    { what: 'Orders', kept: 'As long as tax and accounting law asks', then: 'Kept without your name, e-mail or address once your account is deleted' },
  ]
}

/** The retention schedule as a table (a card per row on a phone). */
export function RetentionScheduleTable({ schedule }: { schedule: RetentionSchedule }) {
  return <FactTable columns={['What', 'Kept for', 'Then']} rows={retentionRows(schedule).map((r) => [r.what, r.kept, r.then])} />
}
