// Word timings by tapping along (issue 35, "Word highlighting"): the
// narration plays and the author taps once as each word begins; a word's
// timing is the time of its tap, in milliseconds from the narration's start.

/** The word being spoken at `ms` by these timings: the last one begun, -1 before the first. */
export function wordAt(timings: readonly number[], ms: number): number {
  let word = -1
  for (let i = 0; i < timings.length && timings[i] <= ms; i++) word = i
  return word
}

/** The timings after a tap at `ms` for the next word: a tap never goes back in time, and the words end the list. */
export function tap(timings: readonly number[], words: number, ms: number): number[] {
  if (timings.length >= words) return [...timings]
  const last = timings.length > 0 ? timings[timings.length - 1] : 0
  return [...timings, Math.max(last, Math.round(ms))]
}

/** How far back before a word a redo starts playing, so the author hears it coming. */
export const LEAD_IN_MS = 1500

/** Redo from word `from`: the timings before it are kept, and the narration plays from a little before it. */
export function redoFrom(timings: readonly number[], from: number): { kept: number[]; playFromMs: number } {
  const kept = timings.slice(0, Math.max(0, from))
  const at = timings[from] ?? kept[kept.length - 1] ?? 0
  const floor = kept.length > 0 ? kept[kept.length - 1] : 0
  return { kept, playFromMs: from === 0 ? 0 : Math.max(floor, at - LEAD_IN_MS) }
}

/** Whether the timings are whole: one per word, never going back. */
export function complete(timings: readonly number[], words: number): boolean {
  return words > 0 && timings.length === words && timings.every((t, i) => i === 0 || t >= timings[i - 1])
}

/** The words of a page's HTML (the server wraps each as span.w with data-w), in order. */
export function wordsOf(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return Array.from(doc.querySelectorAll('.w[data-w]'), (w) => w.textContent ?? '')
}
