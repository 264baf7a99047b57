const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * "2025-09-12" as "September 12, 2025", the same for every reader and
 * without a time-zone shift; anything else comes back as given. Written out
 * by hand: the first Intl date format of a page loads locale data, some
 * 60 ms of a phone's main thread on the book and blog pages.
 */
export function formatLongDate(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number)
  if (!y || !m || !d || m > 12 || d > 31) return ymd
  return `${MONTHS[m - 1]} ${d}, ${y}`
}
