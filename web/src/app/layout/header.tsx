import { CircleUser, Menu, ShoppingCart, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { brand } from '@/config/brand'
import { paths } from '@/config/paths'
import { isStaffRole } from '@/features/admin/types'
import { useAuth } from '@/features/auth/auth-provider'
import { useCart } from '@/features/cart/cart-provider'
import { cn } from '@/lib/cn'
import { Logo } from './logo'
import { navLinks } from './nav-links'

// The avatar menu (Radix dropdown and its positioning) only matters to signed-in
// users, so it loads on demand instead of weighing on every first visit.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })))

/** Past this many pixels of scrolling the header shrinks and blurs. */
const SCROLL_THRESHOLD_PX = 10

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [threshold])
  return scrolled
}

/** Escape closes an open menu (and the caller gives focus back to its button). */
function useEscapeToClose(open: boolean, close: () => void) {
  const closeRef = useRef(close)
  useEffect(() => {
    closeRef.current = close
  })
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])
}

export function Header() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX)
  const [menuOpen, setMenuOpen] = useState(false)
  const { user, profile, signOut } = useAuth()
  const backOffice = isStaffRole(profile?.role)
  const { itemCount } = useCart()
  const closeMenu = () => setMenuOpen(false)
  // spec 01 §2 /login: after signing in, back to the page the login link was opened from.
  const location = useLocation()
  const loginState = { from: location }
  const menuButton = useRef<HTMLButtonElement>(null)
  useEscapeToClose(menuOpen, () => {
    setMenuOpen(false)
    menuButton.current?.focus()
  })

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'sticky top-0 border-b transition-[background-color,border-color,box-shadow,backdrop-filter] duration-300',
        // The open menu (part of the header) stands above the toasts (sonner's 999999999), which would cover its first links on a phone.
        menuOpen ? 'z-[1000000000]' : 'z-40',
        scrolled ? 'border-line bg-white/75 shadow-sm backdrop-blur-md' : 'border-transparent bg-cream',
      )}
    >
      <div className={cn('mx-auto flex max-w-7xl items-center gap-4 px-4 transition-all duration-300 sm:px-6 lg:px-8', scrolled ? 'h-16' : 'h-20')}>
        <Link to={paths.home} className="flex items-center gap-2" onClick={closeMenu}>
          <Logo className={cn('transition-all duration-300', scrolled ? 'size-9' : 'size-11')} />
          <span className="font-display text-xl font-bold text-tiger-700 sm:text-2xl">{brand.name}</span>
        </Link>

        <nav aria-label="Main" data-shop-only className="ml-auto hidden items-center gap-1 lg:flex">
          {navLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn('rounded-full px-3 py-2 font-bold text-ink/80 transition hover:bg-tiger-100 hover:text-ink', isActive && 'bg-tiger-100 text-tiger-800')
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2 lg:ml-4" data-shop-only>
          <CartLink count={itemCount} />
          <div className="hidden lg:block">
            {user ? (
              <Suspense fallback={<span className="block size-10 rounded-full bg-leaf-100" aria-hidden="true" />}>
                <UserMenu user={user} backOffice={backOffice} onSignOut={() => void signOut()} />
              </Suspense>
            ) : (
              <Link to={paths.login} state={loginState} aria-label="Login" title="Login" className="flex size-10 items-center justify-center rounded-full text-ink hover:bg-tiger-100">
                <CircleUser className="size-6" />
              </Link>
            )}
          </div>
          <button
            ref={menuButton}
            type="button"
            className="flex size-10 items-center justify-center rounded-full hover:bg-tiger-100 lg:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-6" /> : <Menu className="size-6" />}
          </button>
        </div>
      </div>

      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-line bg-white px-4 pb-6 pt-2 shadow-lg lg:hidden">
          <ul className="flex flex-col">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} onClick={closeMenu} className="block rounded-xl px-3 py-3 text-lg font-bold hover:bg-tiger-50">
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="mt-2 border-t border-line pt-2">
              {user ? (
                <Link to={paths.profile} onClick={closeMenu} className="block rounded-xl px-3 py-3 hover:bg-tiger-50">
                  <span className="block text-lg font-bold">{[user.firstName, user.lastName].filter(Boolean).join(' ') || 'My account'}</span>
                  <span className="block text-sm text-muted">{user.email}</span>
                </Link>
              ) : (
                <Link to={paths.login} state={loginState} onClick={closeMenu} className="block rounded-xl px-3 py-3 text-lg font-bold hover:bg-tiger-50">
                  Login
                </Link>
              )}
            </li>
            {user && (
              <>
                <li>
                  <Link to={paths.profile} onClick={closeMenu} className="block rounded-xl px-3 py-3 text-lg font-bold hover:bg-tiger-50">
                    Profile
                  </Link>
                </li>
                {backOffice && (
                  <li>
                    <Link to={paths.admin} onClick={closeMenu} className="block rounded-xl px-3 py-3 text-lg font-bold hover:bg-tiger-50">
                      Back office
                    </Link>
                  </li>
                )}
                <li>
                  <button
                    type="button"
                    onClick={() => {
                      closeMenu()
                      void signOut()
                    }}
                    className="block w-full rounded-xl px-3 py-3 text-left text-lg font-bold hover:bg-tiger-50"
                  >
                    Sign Out
                  </button>
                </li>
              </>
            )}
            <li>
              <Link to={paths.cart} onClick={closeMenu} className="block rounded-xl px-3 py-3 text-lg font-bold hover:bg-tiger-50">
                Cart ({itemCount})
              </Link>
            </li>
          </ul>
        </nav>
      )}
    </header>
  )
}

function CartLink({ count }: { count: number }) {
  return (
    <Link
      to={paths.cart}
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      className="relative flex size-10 items-center justify-center rounded-full text-ink hover:bg-tiger-100"
    >
      <ShoppingCart className="size-6" />
      {count > 0 && (
        <span
          data-testid="cart-count"
          className="absolute -right-1 -top-1 flex min-w-5 items-center justify-center rounded-full bg-berry-700 px-1.5 text-xs font-extrabold leading-5 text-white"
        >
          {count}
        </span>
      )}
    </Link>
  )
}
