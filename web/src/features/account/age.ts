/**
 * A child's age as the profile shows it (spec 02 §3), from the birth month
 * (YYYY-MM: the day is not kept): whole years, plus months if any —
 * '5 years, 3 months', '1 year', '4 months'. A month counts from its first day.
 */
export function ageText(birthMonth: string, today: Date = new Date()): string {
  const [y, m] = birthMonth.split('-').map(Number)
  const months = Math.max(0, (today.getFullYear() - y) * 12 + (today.getMonth() + 1 - m))
  const years = Math.floor(months / 12)
  const rest = months % 12
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (years === 0) return plural(rest, 'month')
  return rest === 0 ? plural(years, 'year') : `${plural(years, 'year')}, ${plural(rest, 'month')}`
}

/** This month as YYYY-MM in the reader's time zone: the latest birth month allowed. */
export function thisMonth(today: Date = new Date()): string {
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`
}

/** How many years back a child's birth month may be, as the server allows: the shop's books are for children. */
export const MAX_CHILD_YEARS = 18

/** The earliest birth month allowed, YYYY-MM: this month MAX_CHILD_YEARS years ago, in the reader's time zone (the server accepts the months of every zone, so it agrees). */
export function earliestBirthMonth(today: Date = new Date()): string {
  return `${today.getFullYear() - MAX_CHILD_YEARS}-${String(today.getMonth() + 1).padStart(2, '0')}`
}

export const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

/** 'March 2021' for 2021-03. */
export function birthMonthText(birthMonth: string): string {
  const [y, m] = birthMonth.split('-').map(Number)
  return `${monthNames[m - 1] ?? ''} ${y}`.trim()
}

/** Today as YYYY-MM-DD in the reader's time zone: the latest date of birth the parent's own profile allows. */
export function todayISO(today: Date = new Date()): string {
  return `${thisMonth(today)}-${String(today.getDate()).padStart(2, '0')}`
}
