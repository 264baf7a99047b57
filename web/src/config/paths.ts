/** Every route of the app, so no URL is typed twice. */
export const paths = {
  home: '/',
  books: '/books',
  book: (id: number | string) => `/books/${id}`,
  categories: '/categories',
  category: (id: string) => `/categories/${id}`,
  cart: '/cart',
  checkout: '/checkout',
  thankYou: '/thank-you',
  about: '/about',
  values: '/values',
  characters: '/characters',
  character: (id: string) => `/characters#${id}`,
  activities: '/activities',
  blog: '/blog',
  blogPost: (id: number | string) => `/blog/${id}`,
  contact: '/contact',
  contactForm: '/contact#contact-form',
  faq: '/faq',
  shipping: '/shipping',
  privacy: '/privacy',
  /** The children's privacy notice: short, plain and versioned (issue 30). */
  childrenPrivacy: '/privacy/children',
  /** The retention schedule on the privacy policy. */
  privacyRetention: '/privacy#retention',
  terms: '/terms',
  login: '/login',
  signup: '/signup',
  resetPassword: '/reset-password',
  updatePassword: '/update-password',
  googleCallback: '/auth/google/callback',
  emailCallback: '/auth/email/callback',
  emailConfirmed: '/email-confirmed',
  emailVerificationPending: '/email-verification-pending',
  config: '/config',
  profile: '/profile',
  /** The privacy center: each child with everything held, export and delete. */
  privacyCentre: '/profile/privacy',
  /** The parent's sessions, sign-ins and linked sign-ins (features/security). */
  profileSecurity: '/profile/security',
  /** The new-device e-mail's link that signs that session out. */
  securitySignOut: '/security/sign-out',
  dreamaker: '/dreamaker',
  findObjects: '/games/find-objects',
  findDifferences: '/games/find-differences',
  // Games: the player-side configuration screens (spec 02 §2 leaves their routes open).
  findObjectsConfig: '/games/find-objects/config',
  findDifferencesConfig: '/games/find-differences/config',
  newsletter: '/#newsletter',
  // The newsletter's e-mailed links (features/newsletter) and back in stock's (features/restock).
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  backInStockConfirm: '/back-in-stock/confirm',
  // A guest's e-mailed link to an order (features/order-status; internal/orders StatusPath).
  orderStatus: '/order-status',
  // Storybooks (features/storybook-reader): a story read choice by choice, and the family's shelf of them.
  read: (slug: string) => `/read/${slug}`,
  library: '/library',
  // The back office (features/admin); its navigation is features/admin/nav.ts.
  admin: '/admin',
  adminAudit: '/admin/audit',
  adminStaff: '/admin/staff',
  // The blog's posts in the back office (features/admin-posts).
  adminPosts: '/admin/posts',
  adminPostNew: '/admin/posts/new',
  adminPost: (id: number | string) => `/admin/posts/${id}`,
  /** The profile's two-step sign-in card, where staff turn it on. */
  profileTwoStep: '/profile#two-step',
  // The back office's catalogue (features/admin-catalog).
  adminBooks: '/admin/books',
  adminBookNew: '/admin/books/new',
  adminBook: (id: number | string) => `/admin/books/${id}`,
  adminImport: '/admin/books/import',
  adminCategories: '/admin/categories',
  // The order desk (features/admin-orders).
  adminOrders: '/admin/orders',
  adminOrder: (number: string) => `/admin/orders/${number}`,
  // The shop's settings and discount codes (features/admin-shop).
  adminSettings: '/admin/settings',
  adminDiscounts: '/admin/discounts',
  // Helping a customer (features/admin-customers).
  adminCustomers: '/admin/customers',
  adminCustomer: (id: string) => `/admin/customers/${id}`,
  // Interactive storybooks in the back office (features/admin-storybooks).
  adminStorybooks: '/admin/storybooks',
  adminStorybook: (id: number | string) => `/admin/storybooks/${id}`,
  // The owner's backups (features/admin-backups).
  adminBackups: '/admin/backups',
  // The newsletter's subscribers and campaigns (features/admin-newsletter).
  adminNewsletter: '/admin/newsletter',
  adminCampaigns: '/admin/campaigns',
  adminCampaignNew: '/admin/campaigns/new',
  adminCampaign: (id: number | string) => `/admin/campaigns/${id}`,
} as const
