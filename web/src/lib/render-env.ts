/**
 * Whether this render must match HTML made ahead of time: on the server that
 * renders the public pages (entry-server.tsx, run by internal/render), and in a
 * browser hydrating such a page (internal/webapp marks its root data-ssr).
 * State only a browser has (the stored cart, the clock) then comes in an
 * effect after the first render, never in it.
 */
export const isServerRendered: boolean =
  typeof document === 'undefined' || document.getElementById('root')?.hasAttribute('data-ssr') === true

/**
 * The method of the forms on server-rendered pages. Enter pressed before the app
 * has hydrated the page submits the form natively: with post, what was typed
 * (a password) goes in a request body, never into a URL that history and
 * logs keep.
 */
export const serverFormMethod = 'post'

/** A server-rendered variant for the visitors with a cookie (set) or without it. */
export type CookieRule = { name: string; set: boolean }

/** The variant the server is rendering now (renderForCookie). */
let variant: CookieRule | undefined

/** The server says which visitors the page it renders next is for (entry-server.tsx). */
export function renderForCookie(rule: CookieRule | undefined) {
  variant = rule
}

/**
 * Whether the server-rendered page is the variant for visitors with the cookie
 * (true), without it (false), or for everyone (undefined). The server
 * serves such a variant to those visitors alone and says so in the page
 * (internal/webapp/pages.go), so the app's first render matches it:
 * the cart, empty for a visitor without the cart's cookie.
 */
export function renderedForCookie(name: string): boolean | undefined {
  if (typeof document === 'undefined') return variant?.name === name ? variant.set : undefined
  const [who, cookie] = document.querySelector<HTMLMetaElement>('meta[name="ssr-for-cookie"]')?.content.split(' ') ?? []
  return cookie === name ? who === 'with' : undefined
}
