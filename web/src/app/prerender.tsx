import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { createMemoryRouter } from 'react-router'
import { paths } from '@/config/paths'
import { CART_FILLED_COOKIE } from '@/features/cart/cart-reducer'
import { prerenderForCookie, type CookieRule } from '@/lib/render-env'
import { App } from './app'
import { routerReady, routes } from './router'

/**
 * The build's entry for prerendering (web/scripts/prerender.mjs, run in
 * Node): the HTML of one page as the browser's first render draws it, for
 * the server to put into that page (internal/webapp/prerendered.go).
 */
export async function renderPage(path: string, answers: Record<string, unknown>, cookie?: CookieRule): Promise<string> {
  prerenderForCookie(cookie)
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  await routerReady(router)
  // A page module that failed to load would be drawn as the error page.
  if (router.state.errors) throw new Error(`prerender ${path}`, { cause: Object.values(router.state.errors)[0] })
  const app = (
    <StrictMode>
      <App router={router} responses={answers} />
    </StrictMode>
  )
  try {
    // Twice: the first render waits for the lazy parts (the home page's
    // newsletter form) to load, so the second draws them in place. A page
    // with a part still pending would need an inline script to show it,
    // which the CSP refuses.
    await prerender(app)
    const html = renderToString(app)
    if (html.includes('<script') || html.includes('<!--$!-->')) throw new Error(`prerender ${path}: a part of the page did not finish`)
    return html
  } finally {
    router.dispose()
  }
}

/**
 * The public pages that look the same to every visitor on arrival. The
 * checkout too: its form is everyone's, and its summary waits for the stored
 * cart (checkout-view.tsx). The cart, drawn empty, for visitors whose cart
 * is (drawnByCartCookie). Not pages of a link's token or the signed-in
 * area, nor the blog's posts: the publisher writes them at run time
 * (internal/posts), so the build cannot know them; the post list is drawn
 * waiting for them.
 */
export function pagesToPrerender(catalogue: { bookIds: number[]; categoryIds: string[] }): string[] {
  return [
    paths.home,
    paths.books,
    paths.categories,
    paths.about,
    paths.values,
    paths.characters,
    paths.activities,
    paths.blog,
    paths.contact,
    paths.faq,
    paths.shipping,
    paths.privacy,
    paths.terms,
    paths.login,
    paths.signup,
    paths.resetPassword,
    paths.checkout,
    paths.cart,
    ...catalogue.bookIds.map((id) => paths.book(String(id))),
    ...catalogue.categoryIds.map((id) => paths.category(id)),
  ]
}

const forFilledCart: CookieRule = { name: CART_FILLED_COOKIE, set: true }
const forEmptyCart: CookieRule = { name: CART_FILLED_COOKIE, set: false }

/**
 * Pages drawn for the visitors with the cart's cookie (set), or without it;
 * the server gives each drawing to those alone, and anyone else the plain
 * page, which the app draws. The cart keeps the cookie while it has books
 * (cart-provider.tsx); the books themselves only the browser can read. So
 * the cart is drawn empty, as most arrive, and the checkout both ways: its
 * form waiting for the stored cart, or the spec's message for an empty one.
 */
export const drawnByCartCookie: Record<string, CookieRule[]> = {
  [paths.cart]: [forEmptyCart],
  [paths.checkout]: [forFilledCart, forEmptyCart],
}
