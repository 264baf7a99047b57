import { redirect, type DataRouter, type RouteObject } from 'react-router'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { RequireAuth } from './layout/require-auth'
import { paths } from '@/config/paths'
import { peekPaymentComplete } from '@/features/checkout/payment-flag'

// Each page is its own chunk, loaded when first visited. Paths come from
// config/paths.ts (an :id route is its path function given ':id'). A page
// may export `ready`, which its first render waits for as well.
type PageModule = { default: React.ComponentType; ready?: Promise<void> }
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const module = await load()
    await module.ready
    return { Component: module.default }
  },
})

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, ...page(() => import('./routes/home')) },
      { path: paths.books, ...page(() => import('./routes/books')) },
      { path: paths.book(':id'), ...page(() => import('./routes/book')) },
      { path: paths.categories, ...page(() => import('./routes/categories')) },
      { path: paths.category(':id'), ...page(() => import('./routes/books')) },
      { path: paths.cart, ...page(() => import('./routes/cart')) },
      { path: paths.checkout, ...page(() => import('./routes/checkout')) },
      // The payment's one-time pass is read here, before anything renders:
      // without it, straight to the checkout (an empty page rendered first
      // would let the footer jump down).
      {
        path: paths.thankYou,
        loader: () => {
          const pass = peekPaymentComplete()
          return pass.complete ? pass : redirect(paths.checkout)
        },
        shouldRevalidate: () => false, // the page clears the pass on arrival and stays
        ...page(() => import('./routes/thank-you')),
      },
      { path: paths.about, ...page(() => import('./routes/about')) },
      { path: paths.values, ...page(() => import('./routes/values')) },
      { path: paths.characters, ...page(() => import('./routes/characters')) },
      { path: paths.activities, ...page(() => import('./routes/activities')) },
      { path: paths.blog, ...page(() => import('./routes/blog')) },
      { path: paths.blogPost(':id'), ...page(() => import('./routes/blog-post')) },
      { path: paths.contact, ...page(() => import('./routes/contact')) },
      { path: paths.faq, ...page(() => import('./routes/faq')) },
      { path: paths.shipping, ...page(() => import('./routes/shipping')) },
      { path: paths.privacy, ...page(() => import('./routes/privacy')) },
      { path: paths.childrenPrivacy, ...page(() => import('./routes/children-privacy')) },
      { path: paths.terms, ...page(() => import('./routes/terms')) },
      { path: paths.read(':id'), ...page(() => import('./routes/read')) },
      { path: paths.login, ...page(() => import('./routes/login')) },
      { path: paths.signup, ...page(() => import('./routes/signup')) },
      { path: paths.resetPassword, ...page(() => import('./routes/reset-password')) },
      { path: paths.updatePassword, ...page(() => import('./routes/update-password')) },
      { path: paths.googleCallback, ...page(() => import('./routes/google-callback')) },
      { path: paths.emailCallback, ...page(() => import('./routes/email-callback')) },
      { path: paths.emailConfirmed, ...page(() => import('./routes/email-confirmed')) },
      { path: paths.emailVerificationPending, ...page(() => import('./routes/email-verification-pending')) },
      { path: paths.config, ...page(() => import('./routes/config')) },
      { path: paths.securitySignOut, ...page(() => import('./routes/security-sign-out')) },
      { path: paths.newsletterConfirm, ...page(() => import('./routes/newsletter-confirm')) },
      { path: paths.newsletterUnsubscribe, ...page(() => import('./routes/newsletter-unsubscribe')) },
      { path: paths.backInStockConfirm, ...page(() => import('./routes/back-in-stock-confirm')) },
      { path: paths.orderStatus, ...page(() => import('./routes/order-status')) },
      // Not behind RequireAuth: a signed-out visitor sees 'Not Logged In' (spec 02 §2).
      { path: paths.profile, ...page(() => import('./routes/profile')) },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.dreamaker, ...page(() => import('./routes/dreamaker')) },
          { path: paths.library, ...page(() => import('./routes/library')) },
          { path: paths.privacyCentre, ...page(() => import('./routes/privacy-centre')) },
          { path: paths.profileSecurity, ...page(() => import('./routes/profile-security')) },
          { path: paths.findObjects, ...page(() => import('./routes/find-objects')) },
          { path: paths.findDifferences, ...page(() => import('./routes/find-differences')) },
          // Games: the player-side configuration screens.
          { path: paths.findObjectsConfig, ...page(() => import('./routes/find-objects-config')) },
          { path: paths.findDifferencesConfig, ...page(() => import('./routes/find-differences-config')) },
        ],
      },
      // The back office (features/admin): the layout route is its gate and frame.
      {
        path: paths.admin,
        ...page(() => import('./routes/admin')),
        children: [
          { index: true, ...page(() => import('./routes/admin-home')) },
          { path: paths.adminAudit, ...page(() => import('./routes/admin-audit')) },
          { path: paths.adminStaff, ...page(() => import('./routes/admin-staff')) },
          { path: paths.adminBooks, ...page(() => import('./routes/admin-books')) },
          { path: paths.adminBookNew, ...page(() => import('./routes/admin-books-new')) },
          { path: paths.adminImport, ...page(() => import('./routes/admin-import')) },
          { path: paths.adminBook(':id'), ...page(() => import('./routes/admin-books-edit')) },
          { path: paths.adminCategories, ...page(() => import('./routes/admin-categories')) },
          { path: paths.adminOrders, ...page(() => import('./routes/admin-orders')) },
          { path: paths.adminOrder(':number'), ...page(() => import('./routes/admin-order')) },
          { path: paths.adminDiscounts, ...page(() => import('./routes/admin-discounts')) },
          { path: paths.adminSettings, ...page(() => import('./routes/admin-settings')) },
          { path: paths.adminCustomers, ...page(() => import('./routes/admin-customers')) },
          { path: paths.adminCustomer(':id'), ...page(() => import('./routes/admin-customer')) },
          { path: paths.adminPosts, ...page(() => import('./routes/admin-posts')) },
          { path: paths.adminPostNew, ...page(() => import('./routes/admin-posts-new')) },
          { path: paths.adminPost(':id'), ...page(() => import('./routes/admin-posts-edit')) },
          { path: paths.adminStorybooks, ...page(() => import('./routes/admin-storybooks')) },
          { path: paths.adminStorybook(':id'), ...page(() => import('./routes/admin-storybook')) },
          { path: paths.adminBackups, ...page(() => import('./routes/admin-backups')) },
          { path: paths.adminNewsletter, ...page(() => import('./routes/admin-newsletter')) },
          { path: paths.adminCampaigns, ...page(() => import('./routes/admin-campaigns')) },
          { path: paths.adminCampaignNew, ...page(() => import('./routes/admin-campaign')) },
          { path: paths.adminCampaign(':id'), ...page(() => import('./routes/admin-campaign')) },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
]

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
