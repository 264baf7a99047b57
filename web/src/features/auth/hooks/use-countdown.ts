import { useCallback, useEffect, useState } from 'react'

/**
 * A seconds countdown that ticks once a second. start(n) (re)starts it;
 * secondsLeft is 0 when idle. It counts from a deadline, so a tab that was
 * asleep shows the right number when it wakes. initialSeconds starts it at once.
 */
export function useCountdown(initialSeconds = 0) {
  const [deadline, setDeadline] = useState<number | null>(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null))
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (deadline === null) return
    const id = window.setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= deadline) {
        setDeadline(null)
      }
    }, 1000)
    return () => window.clearInterval(id)
  }, [deadline])

  const start = useCallback((seconds: number) => {
    const t = Date.now()
    setNow(t)
    setDeadline(t + seconds * 1000)
  }, [])

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000))
  return { secondsLeft, running: secondsLeft > 0, start }
}
