/** Dollars typed by staff ("10", "10.5", "$10.50") to cents, or null for anything else. */
export function parseDollars(text: string): number | null {
  const m = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}
