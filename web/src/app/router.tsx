import { redirect, type DataRouter, type RouteObject } from 'react-router'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { RequireAuth } from './layout/require-auth'
import { paths } from '@/config/paths'
import { appRoutes, type PageName, type RouteEntry } from './routes'
import { peekPaymentComplete } from '@/features/checkout/payment-flag'

// Each page is its own chunk, loaded when first visited; which page shows
// at which path is app/routes.ts, which the build reads too. A page may
// export `ready`, which its first render waits for as well.
type PageModule = { default: React.ComponentType; ready?: Promise<void> }
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const module = await load()
    await module.ready
    return { Component: module.default }
  },
})

// Written out, not globbed: a dynamic import per file keeps Vite's chunks as
// they are, and the type says when routes.ts names a page missing here.
const modules: Record<PageName, () => Promise<PageModule>> = {
  home: () => import('./routes/home'),
  books: () => import('./routes/books'),
  book: () => import('./routes/book'),
  categories: () => import('./routes/categories'),
  cart: () => import('./routes/cart'),
  checkout: () => import('./routes/checkout'),
  'thank-you': () => import('./routes/thank-you'),
  about: () => import('./routes/about'),
  values: () => import('./routes/values'),
  characters: () => import('./routes/characters'),
  activities: () => import('./routes/activities'),
  blog: () => import('./routes/blog'),
  'blog-post': () => import('./routes/blog-post'),
  contact: () => import('./routes/contact'),
  faq: () => import('./routes/faq'),
  shipping: () => import('./routes/shipping'),
  privacy: () => import('./routes/privacy'),
  'children-privacy': () => import('./routes/children-privacy'),
  terms: () => import('./routes/terms'),
  read: () => import('./routes/read'),
  login: () => import('./routes/login'),
  signup: () => import('./routes/signup'),
  'reset-password': () => import('./routes/reset-password'),
  'update-password': () => import('./routes/update-password'),
  'google-callback': () => import('./routes/google-callback'),
  'email-callback': () => import('./routes/email-callback'),
  'email-confirmed': () => import('./routes/email-confirmed'),
  'email-verification-pending': () => import('./routes/email-verification-pending'),
  config: () => import('./routes/config'),
  'security-sign-out': () => import('./routes/security-sign-out'),
  'newsletter-confirm': () => import('./routes/newsletter-confirm'),
  'newsletter-unsubscribe': () => import('./routes/newsletter-unsubscribe'),
  'back-in-stock-confirm': () => import('./routes/back-in-stock-confirm'),
  'order-status': () => import('./routes/order-status'),
  profile: () => import('./routes/profile'),
  dreamaker: () => import('./routes/dreamaker'),
  library: () => import('./routes/library'),
  'privacy-center': () => import('./routes/privacy-center'),
  'profile-security': () => import('./routes/profile-security'),
  'find-objects': () => import('./routes/find-objects'),
  'find-differences': () => import('./routes/find-differences'),
  'find-objects-config': () => import('./routes/find-objects-config'),
  'find-differences-config': () => import('./routes/find-differences-config'),
  admin: () => import('./routes/admin'),
  'admin-home': () => import('./routes/admin-home'),
  'admin-audit': () => import('./routes/admin-audit'),
  'admin-staff': () => import('./routes/admin-staff'),
  'admin-books': () => import('./routes/admin-books'),
  'admin-books-new': () => import('./routes/admin-books-new'),
  'admin-import': () => import('./routes/admin-import'),
  'admin-books-edit': () => import('./routes/admin-books-edit'),
  'admin-categories': () => import('./routes/admin-categories'),
  'admin-orders': () => import('./routes/admin-orders'),
  'admin-order': () => import('./routes/admin-order'),
  'admin-discounts': () => import('./routes/admin-discounts'),
  'admin-settings': () => import('./routes/admin-settings'),
  'admin-customers': () => import('./routes/admin-customers'),
  'admin-customer': () => import('./routes/admin-customer'),
  'admin-posts': () => import('./routes/admin-posts'),
  'admin-posts-new': () => import('./routes/admin-posts-new'),
  'admin-posts-edit': () => import('./routes/admin-posts-edit'),
  'admin-storybooks': () => import('./routes/admin-storybooks'),
  'admin-storybook': () => import('./routes/admin-storybook'),
  'admin-backups': () => import('./routes/admin-backups'),
  'admin-newsletter': () => import('./routes/admin-newsletter'),
  'admin-campaigns': () => import('./routes/admin-campaigns'),
  'admin-campaign': () => import('./routes/admin-campaign'),
  'not-found': () => import('./routes/not-found'),
}

// What a route needs beyond its page. The payment's one-time pass is read
// before anything renders: without it, straight to the checkout (an empty
// page rendered first would let the footer jump down).
const extras: Partial<Record<PageName, Omit<RouteObject, 'path' | 'index' | 'children'>>> = {
  'thank-you': {
    loader: () => {
      const pass = peekPaymentComplete()
      return pass.complete ? pass : redirect(paths.checkout)
    },
    shouldRevalidate: () => false, // the page clears the pass on arrival and stays
  },
}

function toRouteObjects(list: readonly RouteEntry[]): RouteObject[] {
  return list.map((entry): RouteObject => {
    const children = entry.children && toRouteObjects(entry.children)
    if (entry.signedIn) return { element: <RequireAuth />, children }
    const name = entry.page as PageName
    const own = { ...page(modules[name]), ...extras[name] }
    if (entry.path === undefined) return { index: true, ...own }
    return { path: entry.path, ...own, children } as RouteObject
  })
}

export const routes: RouteObject[] = [{ element: <RootLayout />, errorElement: <RouteError />, children: toRouteObjects(appRoutes) }]

/**
 * Resolves once the router has loaded the first page's module (pages are
 * lazy), so that page renders at once. Every first render waits for it
 * (main.tsx, entry-server.tsx), which is why the routes have no HydrateFallback.
 */
export function routerReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve()
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve()
    })
  })
}
