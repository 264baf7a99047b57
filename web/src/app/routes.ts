import { paths } from '../config/paths'

/**
 * The app's routes as plain data: each path and the page module under
 * app/routes/ that shows it (its file name). The router (router.tsx) loads
 * each module lazily, and the build (vite.config.ts) names each page's
 * chunks for the server from the same table. No '@/' imports and no React:
 * vite.config.ts loads this file in Node.
 */
export type RouteEntry = {
  /** Absent: the index route of its parent. An :id route is its path function given ':id'. */
  path?: string
  /** The module under app/routes/ without .tsx; absent for a group. */
  page?: string
  /** Its children are the signed-in family's (layout/require-auth.tsx). */
  signedIn?: true
  children?: readonly RouteEntry[]
}

export const appRoutes = [
  { path: paths.home, page: 'home' },
  { path: paths.books, page: 'books' },
  { path: paths.book(':id'), page: 'book' },
  { path: paths.categories, page: 'categories' },
  { path: paths.category(':id'), page: 'books' },
  { path: paths.cart, page: 'cart' },
  { path: paths.checkout, page: 'checkout' },
  { path: paths.thankYou, page: 'thank-you' },
  { path: paths.about, page: 'about' },
  { path: paths.values, page: 'values' },
  { path: paths.characters, page: 'characters' },
  { path: paths.activities, page: 'activities' },
  { path: paths.blog, page: 'blog' },
  { path: paths.blogPost(':id'), page: 'blog-post' },
  { path: paths.contact, page: 'contact' },
  { path: paths.faq, page: 'faq' },
  { path: paths.shipping, page: 'shipping' },
  { path: paths.privacy, page: 'privacy' },
  { path: paths.childrenPrivacy, page: 'children-privacy' },
  { path: paths.terms, page: 'terms' },
  { path: paths.read(':id'), page: 'read' },
  { path: paths.login, page: 'login' },
  { path: paths.signup, page: 'signup' },
  { path: paths.resetPassword, page: 'reset-password' },
  { path: paths.updatePassword, page: 'update-password' },
  { path: paths.googleCallback, page: 'google-callback' },
  { path: paths.emailCallback, page: 'email-callback' },
  { path: paths.emailConfirmed, page: 'email-confirmed' },
  { path: paths.emailVerificationPending, page: 'email-verification-pending' },
  { path: paths.config, page: 'config' },
  { path: paths.securitySignOut, page: 'security-sign-out' },
  { path: paths.newsletterConfirm, page: 'newsletter-confirm' },
  { path: paths.newsletterUnsubscribe, page: 'newsletter-unsubscribe' },
  { path: paths.backInStockConfirm, page: 'back-in-stock-confirm' },
  { path: paths.orderStatus, page: 'order-status' },
  // Not signed-in only: a signed-out visitor sees 'Not Logged In' (spec 02 §2).
  { path: paths.profile, page: 'profile' },
  {
    signedIn: true,
    children: [
      { path: paths.dreamaker, page: 'dreamaker' },
      { path: paths.library, page: 'library' },
      { path: paths.privacyCentre, page: 'privacy-center' },
      { path: paths.profileSecurity, page: 'profile-security' },
      { path: paths.findObjects, page: 'find-objects' },
      { path: paths.findDifferences, page: 'find-differences' },
      // Games: the player-side configuration screens.
      { path: paths.findObjectsConfig, page: 'find-objects-config' },
      { path: paths.findDifferencesConfig, page: 'find-differences-config' },
    ],
  },
  // The back office (features/admin): the layout route is its gate and frame.
  {
    path: paths.admin,
    page: 'admin',
    children: [
      { page: 'admin-home' },
      { path: paths.adminAudit, page: 'admin-audit' },
      { path: paths.adminStaff, page: 'admin-staff' },
      { path: paths.adminBooks, page: 'admin-books' },
      { path: paths.adminBookNew, page: 'admin-books-new' },
      { path: paths.adminImport, page: 'admin-import' },
      { path: paths.adminBook(':id'), page: 'admin-books-edit' },
      { path: paths.adminCategories, page: 'admin-categories' },
      { path: paths.adminOrders, page: 'admin-orders' },
      { path: paths.adminOrder(':number'), page: 'admin-order' },
      { path: paths.adminDiscounts, page: 'admin-discounts' },
      { path: paths.adminSettings, page: 'admin-settings' },
      { path: paths.adminCustomers, page: 'admin-customers' },
      { path: paths.adminCustomer(':id'), page: 'admin-customer' },
      { path: paths.adminPosts, page: 'admin-posts' },
      { path: paths.adminPostNew, page: 'admin-posts-new' },
      { path: paths.adminPost(':id'), page: 'admin-posts-edit' },
      { path: paths.adminStorybooks, page: 'admin-storybooks' },
      { path: paths.adminStorybook(':id'), page: 'admin-storybook' },
      { path: paths.adminBackups, page: 'admin-backups' },
      { path: paths.adminNewsletter, page: 'admin-newsletter' },
      { path: paths.adminCampaigns, page: 'admin-campaigns' },
      { path: paths.adminCampaignNew, page: 'admin-campaign' },
      { path: paths.adminCampaign(':id'), page: 'admin-campaign' },
    ],
  },
  { path: '*', page: 'not-found' },
] as const satisfies readonly RouteEntry[]

/** The page modules the routes name: the router must load each of them. */
export type PageName = PageOf<(typeof appRoutes)[number]>
type PageOf<R> =
  | (R extends { page: infer P extends string } ? P : never)
  | (R extends { children: readonly (infer C)[] } ? PageOf<C> : never)

/** Every route that has a page, its path and page module, parents before their children. */
export function flatRoutes(list: readonly RouteEntry[] = appRoutes): RouteEntry[] {
  return list.flatMap((route) => [...(route.page ? [route] : []), ...flatRoutes(route.children ?? [])])
}
