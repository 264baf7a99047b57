/**
 * Whether this render must match HTML made ahead of time: on the server that
 * draws the public pages (entry-server.tsx, run by internal/render), and in a
 * browser hydrating such a page (internal/webapp marks its root data-prerendered).
 * State only a browser has (the stored cart, the clock) then comes in an
 * effect after the first render, never in it.
 */
export const rendersAheadOfTime: boolean =
  typeof document === 'undefined' || document.getElementById('root')?.hasAttribute('data-prerendered') === true

/**
 * The method of the forms on prerendered pages. Enter pressed before the app
 * has hydrated the page submits the form natively: with post, what was typed
 * (a password) goes in a request body, never into a URL that history and
 * logs keep.
 */
export const prerenderedFormMethod = 'post'

/** A prerendered variant for the visitors with a cookie (set) or without it. */
export type CookieRule = { name: string; set: boolean }

/** The variant the server is drawing now (prerenderForCookie). */
let variant: CookieRule | undefined

/** The server says which visitors the page it draws next is for (entry-server.tsx). */
export function prerenderForCookie(rule: CookieRule | undefined) {
  variant = rule
}

/**
 * Whether the prerendered page is the variant for visitors with the cookie
 * (true), without it (false), or for everyone (undefined). The server
 * serves such a variant to those visitors alone and says so in the page
 * (internal/webapp/pages.go), so the app's first render matches it:
 * the cart, empty for a visitor without the cart's cookie.
 */
export function prerenderedForCookie(name: string): boolean | undefined {
  if (typeof document === 'undefined') return variant?.name === name ? variant.set : undefined
  const [who, cookie] = document.querySelector<HTMLMetaElement>('meta[name="drawn-for-cookie"]')?.content.split(' ') ?? []
  return cookie === name ? who === 'with' : undefined
}
