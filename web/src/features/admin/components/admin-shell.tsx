import { ChevronDown, Store } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { NavLink } from 'react-router'
import { cn } from '@/lib/cn'
import { navFor } from '../nav'
import { roleNames, type AdminMe } from '../types'

/**
 * The back office's frame: who is signed in with which role, and the
 * navigation their role allows (features/admin/nav.ts), beside the page on
 * a wide screen and behind a menu button on a phone.
 */
export function AdminShell({ me, children }: { me: AdminMe; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const items = navFor(me.permissions)
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:flex lg:gap-8 lg:px-8 lg:py-10">
      <aside className="mb-6 lg:mb-0 lg:w-60 lg:shrink-0">
        <div className="flex items-center gap-3 rounded-2xl bg-leaf-800 p-4 text-white">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/15" aria-hidden="true">
            <Store className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-display text-lg font-bold leading-tight">Back office</p>
            {/* The whole address, wrapped where it must: a cut one may be someone else's. */}
            <p className="text-sm text-leaf-100 [overflow-wrap:anywhere]" data-testid="staff-signed-in">
              {roleNames[me.role]} · {me.email}
            </p>
          </div>
          <button
            type="button"
            className="flex items-center gap-1 rounded-full bg-white/15 px-3 py-2 text-sm font-bold hover:bg-white/25 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu <ChevronDown className={cn('size-4 transition', menuOpen && 'rotate-180')} aria-hidden="true" />
          </button>
        </div>
        <nav id="admin-nav" aria-label="Back office" className={cn('mt-3 lg:block', menuOpen ? 'block' : 'hidden')}>
          <ul className="flex flex-col gap-1 rounded-2xl border-2 border-line bg-white p-2 lg:border-0 lg:bg-transparent lg:p-0">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-xl px-3 py-2.5 font-bold text-ink/80 transition hover:bg-tiger-100 hover:text-ink',
                      isActive && 'bg-tiger-100 text-tiger-800',
                    )
                  }
                >
                  <item.icon className="size-5" aria-hidden="true" />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  )
}

/** A back-office page's heading and intro. */
export function AdminPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="admin-page-title">
      <header className="mb-6">
        <h1 id="admin-page-title" className="text-3xl font-bold">
          {title}
        </h1>
        {intro && <p className="mt-2 max-w-2xl text-lg text-muted">{intro}</p>}
      </header>
      {children}
    </section>
  )
}
