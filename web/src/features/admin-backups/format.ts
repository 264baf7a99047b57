/** A size in bytes as people read it: "812 KB", "1.4 MB", "2.1 GB". */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`
  const units = ['KB', 'MB', 'GB', 'TB']
  let n = bytes / 1000
  let unit = 0
  while (n >= 1000 && unit < units.length - 1) {
    n /= 1000
    unit++
  }
  return `${n < 10 ? n.toFixed(1) : Math.round(n)} ${units[unit]}`
}

/** A moment as the reader's clock shows it: "Jun 1, 2026, 3:00 AM". */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
}

/** How often scheduled backups run, from Go's duration ("24h0m0s" → "every 24 hours"); "0s" is off. */
export function everyText(every: string): string {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:\d+s)?$/.exec(every)
  const hours = Number(m?.[1] ?? 0)
  const minutes = Number(m?.[2] ?? 0)
  if (!hours && !minutes) return 'off'
  const parts = [hours ? `${hours} hour${hours === 1 ? '' : 's'}` : '', minutes ? `${minutes} minute${minutes === 1 ? '' : 's'}` : ''].filter(Boolean)
  return `every ${parts.join(' ')}`
}
