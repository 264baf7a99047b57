import { Outlet } from 'react-router'
import { AuthProvider } from '@/features/auth/auth-provider'
import { CartProvider } from '@/features/cart/cart-provider'
import { CookieBanner } from './cookie-banner'
import { Footer } from './footer'
import { Header } from './header'
import { RouteAnnouncer } from './route-announcer'
import { ScrollManager } from './scroll-manager'

/** Every page: header, the page itself, footer. Session and cart live here, inside the router. */
export function RootLayout() {
  return (
    <AuthProvider>
      <CartProvider>
        <ScrollManager />
        <RouteAnnouncer />
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-white px-5 py-3 font-bold text-tiger-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <div className="flex min-h-screen flex-col">
          <Header />
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            <Outlet />
          </main>
          <Footer />
        </div>
        <CookieBanner />
      </CartProvider>
    </AuthProvider>
  )
}
