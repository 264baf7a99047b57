/**
 * The profile's form rules, with spec 02 §5's exact messages.
 */

/** The profile e-mail, checked in the spec's order; undefined when valid. */
export function emailError(value: string): string | undefined {
  const email = value.trim()
  if (!email) return 'Email is required'
  if (!email.includes('@')) return 'Email must contain @'
  if (!email.includes('.')) return 'Email must contain a domain'
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return 'Please enter a valid email address'
  return undefined
}

export type PasswordChange = { current: string; next: string; confirmation: string }

/** The minimum length of a new password (spec 02 §9). */
export const MIN_NEW_PASSWORD = 6

type PasswordProblem = { field: keyof PasswordChange; message: string }

/** Every rule a password change breaks before the server is asked, in the spec's order, each with the field it is about. */
export function passwordChangeProblems({ current, next, confirmation }: PasswordChange): PasswordProblem[] {
  const problems: PasswordProblem[] = []
  if (!current) problems.push({ field: 'current', message: 'Current password required' })
  if (next.length < MIN_NEW_PASSWORD) problems.push({ field: 'next', message: 'New password must be at least 6 characters' })
  if (next !== confirmation) problems.push({ field: 'confirmation', message: "New password and confirmation don't match" })
  return problems
}

/** The first of them; undefined when none. */
export function passwordChangeProblem(change: PasswordChange): PasswordProblem | undefined {
  return passwordChangeProblems(change)[0]
}

/** The update button waits until every field has something in it. */
export function passwordChangeReady({ current, next, confirmation }: PasswordChange): boolean {
  return current !== '' && next !== '' && confirmation !== ''
}
