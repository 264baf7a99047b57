/**
 * Runs work once the frame being drawn has been painted (a frame, then a
 * task), so what a tap shows is on screen before what it only starts: a
 * save, a prefetch, a screen reader's announcement. A hidden page paints no
 * frame, so the work also runs after `latest` ms at most. Answers a cancel.
 */
export function afterPaint(work: () => void, latest = 500): () => void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    window.cancelAnimationFrame(frame)
    window.clearTimeout(timer)
    window.clearTimeout(fallback)
    work()
  }
  let timer: number | undefined
  const frame = window.requestAnimationFrame(() => (timer = window.setTimeout(run, 0)))
  const fallback = window.setTimeout(run, latest)
  return () => {
    done = true
    window.cancelAnimationFrame(frame)
    window.clearTimeout(timer)
    window.clearTimeout(fallback)
  }
}
