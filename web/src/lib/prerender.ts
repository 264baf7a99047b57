/**
 * Whether this render must match HTML made ahead of time: on the server that
 * prerenders the public pages (web/scripts/prerender.mjs), and in a browser
 * hydrating such a page (internal/webapp marks its root data-prerendered).
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
