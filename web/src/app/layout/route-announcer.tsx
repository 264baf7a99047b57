import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { setPageMeta } from '@/lib/page-meta'
import { metaForPath } from './route-meta'

/**
 * On every change of page: the route's own <title> and description, then
 * (after the first page) focus on the new page's main heading and a polite
 * announcement of its title, so keyboard and screen-reader users know the
 * page changed. A change of query or #hash on the same page does neither.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation()
  const [announcement, setAnnouncement] = useState('')
  const firstPage = useRef(true)

  // A layout effect runs before every page's own effects, so a page that
  // names itself from its data (usePageMeta) overrides this default.
  useLayoutEffect(() => {
    const { title, description } = metaForPath(pathname)
    setPageMeta(title, description)
  }, [pathname])

  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false
      return
    }
    focusMainHeading()
    setAnnouncement(document.title)
  }, [pathname])

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  )
}

/** The page's h1, or <main> itself while the page is still loading its data. */
function focusMainHeading() {
  const main = document.getElementById('main')
  const target = main?.querySelector<HTMLElement>('h1') ?? main
  if (!target) return
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
}
