import { Outlet } from 'react-router'
import { AuthProvider } from '@/features/auth/auth-provider'
import { CartProvider } from '@/features/cart/cart-provider'
import { KidFooter, KidHeader } from '@/features/kid-mode/kid-chrome'
import { KidModeGuard } from '@/features/kid-mode/kid-mode-guard'
import { KidModeProvider } from '@/features/kid-mode/kid-mode-provider'
import { useKidMode } from '@/features/kid-mode/use-kid-mode'
import { CookieBanner } from './cookie-banner'
import { Footer } from './footer'
import { Header } from './header'
import { RouteAnnouncer } from './route-announcer'
import { ScrollManager } from './scroll-manager'

/**
 * Every page: header, the page itself, footer. Session and cart live here,
 * inside the router. In kid mode (features/kid-mode) the header and footer
 * are the children's, and a grown-up page asks for a grown-up instead.
 */
export function RootLayout() {
  const kid = useKidMode()
  return (
    <AuthProvider>
      <CartProvider>
        <KidModeProvider>
          <ScrollManager />
          <RouteAnnouncer />
          <a
            href="#main"
            className="sr-only z-50 rounded-full bg-white px-5 py-3 font-bold text-tiger-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
          >
            Skip to content
          </a>
          <div className="flex min-h-screen flex-col">
            {kid ? <KidHeader /> : <Header />}
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              <KidModeGuard>
                <Outlet />
              </KidModeGuard>
            </main>
            {kid ? <KidFooter /> : <Footer />}
          </div>
          {!kid && <CookieBanner />}
        </KidModeProvider>
      </CartProvider>
    </AuthProvider>
  )
}
