import { useEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** Where each history entry was scrolled to, by location key. */
const positions = new Map<string, number>()

/** Delay before scrolling to a #hash, so the target page has rendered (spec: 100 ms). */
export const HASH_SCROLL_DELAY_MS = 100

/**
 * Scrolls to the top on every route change, or to the element named by the
 * URL hash. It keys on location.key, so following a hash link to the page
 * you are already on (the footer's newsletter and contact links) scrolls too.
 * A navigation whose state says keepScroll (the book filters rewriting the
 * query as you type or tick) leaves the scroll position alone. Back and
 * Forward return to where the page was left (a long list of books, its
 * cards rendered from the query cache at once), as a browser does.
 */
export function ScrollManager() {
  const { pathname, hash, key, state } = useLocation()
  const pop = useNavigationType() === 'POP'
  const keepScroll = (state as { keepScroll?: boolean } | null)?.keepScroll === true

  useEffect(() => {
    const remember = () => void positions.set(key, window.scrollY)
    window.addEventListener('scroll', remember, { passive: true })
    return () => window.removeEventListener('scroll', remember)
  }, [key])

  useEffect(() => {
    const left = pop ? positions.get(key) : undefined
    if (left !== undefined) {
      window.scrollTo({ top: left, left: 0, behavior: 'instant' })
      return
    }
    if (keepScroll) return
    if (!hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
      return
    }
    const timer = window.setTimeout(() => {
      document.getElementById(elementId(hash))?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    }, HASH_SCROLL_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [pathname, hash, key, keepScroll, pop])

  return null
}

/** The element id a #hash names; a malformed escape (#%E0%A4%A) is taken as written instead of throwing. */
function elementId(hash: string): string {
  const raw = hash.slice(1)
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
