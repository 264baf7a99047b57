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

/** The retention schedule as a table (a list of cards on a phone). */
export function RetentionScheduleTable({ schedule }: { schedule: RetentionSchedule }) {
  const rows = retentionRows(schedule)
  return (
    <>
      <table className="hidden w-full border-collapse text-left text-base sm:table">
        <thead>
          <tr className="border-b-2 border-line text-sm uppercase tracking-wide text-muted">
            <th scope="col" className="py-2 pr-4 font-bold">What</th>
            <th scope="col" className="py-2 pr-4 font-bold">Kept for</th>
            <th scope="col" className="py-2 font-bold">Then</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.what} className="border-b border-line align-top last:border-0">
              <th scope="row" className="py-3 pr-4 font-bold text-ink">{row.what}</th>
              <td className="py-3 pr-4">{row.kept}</td>
              <td className="py-3">{row.then}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="grid gap-3 sm:hidden">
        {rows.map((row) => (
          <li key={row.what} className="rounded-2xl bg-cream p-4 text-base">
            <p className="font-bold text-ink">{row.what}</p>
            <p className="mt-1">
              <span className="font-semibold">Kept for:</span> {row.kept}
            </p>
            <p>
              <span className="font-semibold">Then:</span> {row.then}
            </p>
          </li>
        ))}
      </ul>
    </>
  )
}
