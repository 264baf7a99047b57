import { useEffect } from 'react'
import { brand } from '@/config/brand'

/** '<page> — Siso & Friends', the one pattern of every page's <title>. */
export function pageTitle(page?: string): string {
  return page ? `${page} — ${brand.name}` : `${brand.name} — Children's Books`
}

/** Sets the document's <title> and meta description. */
export function setPageMeta(title: string, description?: string) {
  document.title = title
  if (description === undefined) return
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = 'description'
    document.head.append(tag)
  }
  tag.content = description
}

/**
 * What the page rendered on the server named itself with usePageMeta (effects
 * do not run there): the server entry (entry-server.tsx) reads it after the
 * render for the page's <title> and description.
 */
export const renderedPageMeta: { title?: string; description?: string } = {}

function noteRenderedPageMeta(title: string, description: string | undefined) {
  renderedPageMeta.title = title
  renderedPageMeta.description = description
}

/**
 * A page whose title comes from its data (a book, a blog post) names itself
 * with this once the data is there. It runs after the layout's per-route
 * default (a layout effect), so it wins.
 */
export function usePageMeta(page: string | undefined, description?: string) {
  if (typeof document === 'undefined' && page) noteRenderedPageMeta(pageTitle(page), description)
  useEffect(() => {
    if (page) setPageMeta(pageTitle(page), description)
  }, [page, description])
}
