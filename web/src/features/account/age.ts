/**
 * A child's age as the profile shows it (spec 02 §3): whole years, plus
 * months if any — '5 years, 3 months', '1 year', '4 months'.
 */
export function ageText(dateOfBirth: string, today: Date = new Date()): string {
  const [y, m, d] = dateOfBirth.split('-').map(Number)
  let months = (today.getFullYear() - y) * 12 + (today.getMonth() + 1 - m)
  if (today.getDate() < d) months -= 1 // the month is not complete yet
  months = Math.max(0, months)
  const years = Math.floor(months / 12)
  const rest = months % 12
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (years === 0) return plural(rest, 'month')
  return rest === 0 ? plural(years, 'year') : `${plural(years, 'year')}, ${plural(rest, 'month')}`
}

/** Today as YYYY-MM-DD in the reader's time zone: the latest date of birth allowed. */
export function todayISO(today: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`
}
