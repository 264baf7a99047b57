import { Outlet } from 'react-router'
import { AuthProvider } from '@/features/auth'
import { CartProvider } from '@/features/cart'
import { CookieBanner } from './cookie-banner'
import { Footer } from './footer'
import { Header } from './header'
import { ScrollManager } from './scroll-manager'

/** Every page: header, the page itself, footer. Session and cart live here, inside the router. */
export function RootLayout() {
  return (
    <AuthProvider>
      <CartProvider>
        <ScrollManager />
        <div className="flex min-h-screen flex-col">
          <Header />
          <main id="main" className="flex-1">
            <Outlet />
          </main>
          <Footer />
        </div>
        <CookieBanner />
      </CartProvider>
    </AuthProvider>
  )
}
