import { createBrowserRouter, type RouteObject } from 'react-router'
import { RootLayout } from './layout/root-layout'
import { RouteError } from './layout/route-error'
import { RequireAuth } from './layout/require-auth'
import { Loading } from '@/components/ui/loading'

// Each page is its own chunk, loaded when first visited.
type PageModule = { default: React.ComponentType }
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
})

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's chunk loads (the pages are lazy).
    HydrateFallback: () => <Loading />,
    children: [
      { path: '/', ...page(() => import('./routes/home')) },
      { path: '/books', ...page(() => import('./routes/books')) },
      { path: '/books/:id', ...page(() => import('./routes/book')) },
      { path: '/categories', ...page(() => import('./routes/categories')) },
      { path: '/categories/:id', ...page(() => import('./routes/books')) },
      { path: '/cart', ...page(() => import('./routes/cart')) },
      { path: '/checkout', ...page(() => import('./routes/checkout')) },
      { path: '/thank-you', ...page(() => import('./routes/thank-you')) },
      { path: '/about', ...page(() => import('./routes/about')) },
      { path: '/values', ...page(() => import('./routes/values')) },
      { path: '/characters', ...page(() => import('./routes/characters')) },
      { path: '/activities', ...page(() => import('./routes/activities')) },
      { path: '/blog', ...page(() => import('./routes/blog')) },
      { path: '/blog/:id', ...page(() => import('./routes/blog-post')) },
      { path: '/contact', ...page(() => import('./routes/contact')) },
      { path: '/faq', ...page(() => import('./routes/faq')) },
      { path: '/shipping', ...page(() => import('./routes/shipping')) },
      { path: '/privacy', ...page(() => import('./routes/privacy')) },
      { path: '/terms', ...page(() => import('./routes/terms')) },
      { path: '/login', ...page(() => import('./routes/login')) },
      { path: '/signup', ...page(() => import('./routes/signup')) },
      { path: '/reset-password', ...page(() => import('./routes/reset-password')) },
      { path: '/update-password', ...page(() => import('./routes/update-password')) },
      { path: '/auth/google/callback', ...page(() => import('./routes/google-callback')) },
      { path: '/auth/email/callback', ...page(() => import('./routes/email-callback')) },
      { path: '/email-confirmed', ...page(() => import('./routes/email-confirmed')) },
      { path: '/email-verification-pending', ...page(() => import('./routes/email-verification-pending')) },
      { path: '/config', ...page(() => import('./routes/config')) },
      // Not behind RequireAuth: a signed-out visitor sees 'Not Logged In' (spec 02 §2).
      { path: '/profile', ...page(() => import('./routes/profile')) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/dreamaker', ...page(() => import('./routes/dreamaker')) },
          { path: '/games/find-objects', ...page(() => import('./routes/find-objects')) },
          { path: '/games/find-differences', ...page(() => import('./routes/find-differences')) },
          // Games: the player-side configuration screens.
          { path: '/games/find-objects/config', ...page(() => import('./routes/find-objects-config')) },
          { path: '/games/find-differences/config', ...page(() => import('./routes/find-differences-config')) },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
]

export const router = createBrowserRouter(routes)
