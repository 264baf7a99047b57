/**
 * The avatar's letters: first and last name initials, else the first name's
 * initial, else the e-mail's first letter, else U.
 */
export function initials(user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null): string {
  const first = user?.firstName?.trim()
  const last = user?.lastName?.trim()
  if (first && last) return (first[0] + last[0]).toUpperCase()
  if (first) return first[0].toUpperCase()
  const email = user?.email?.trim()
  if (email) return email[0].toUpperCase()
  return 'U'
}
