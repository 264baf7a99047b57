import { BookHeart, BookOpen, Images, LockKeyhole, Search, Sparkles, type LucideIcon } from 'lucide-react'
import { Link, NavLink } from 'react-router'
import { CharacterPortrait, type CharacterId } from '@/components/art/characters'
import { brand } from '@/config/brand'
import { paths } from '@/config/paths'
import { cn } from '@/lib/cn'
import { useLeaveKidMode } from './kid-mode-provider'

const kidLinks: { to: string; label: string; icon: LucideIcon; tone: string }[] = [
  { to: paths.activities, label: 'All games', icon: Sparkles, tone: 'bg-sun-300 text-ink' },
  { to: paths.findObjects, label: 'Hidden objects', icon: Search, tone: 'bg-leaf-100 text-leaf-800' },
  { to: paths.findDifferences, label: 'Differences', icon: Images, tone: 'bg-grape-100 text-grape-700' },
  { to: paths.dreamaker, label: 'Dream Maker', icon: BookHeart, tone: 'bg-berry-100 text-berry-700' },
  { to: paths.library, label: 'Stories', icon: BookOpen, tone: 'bg-sky-100 text-sky-700' },
]

/**
 * The header in kid mode: the children's pages only, big and bright, and
 * the way out for a grown-up (through the parent gate). No shop, cart,
 * account or outside links.
 */
export function KidHeader() {
  const leave = useLeaveKidMode()
  return (
    // Sticky on a wide screen only: on a phone its two rows would take the games' room.
    <header className="relative z-40 border-b-4 border-sun-300 bg-sun-100 lg:sticky lg:top-0">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:px-6 lg:flex-nowrap lg:gap-6 lg:px-8">
        <Link to={paths.activities} className="flex items-center gap-2">
          <CharacterPortrait id="siso" decorative className="size-10 sm:size-11" />
          <span className="font-display text-lg font-bold text-tiger-700 sm:text-2xl">{brand.name}</span>
        </Link>
        <nav aria-label="Games" className="order-last w-full lg:order-none lg:ml-auto lg:w-auto">
          <ul className="grid grid-cols-5 gap-1.5 sm:gap-2 lg:flex">
            {kidLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      'flex h-full flex-col items-center justify-center gap-1 rounded-2xl px-1 py-2 text-center text-xs font-extrabold leading-tight shadow-[0_3px_0_rgb(0_0_0/0.12)] transition hover:-translate-y-0.5 sm:text-sm lg:flex-row lg:gap-2 lg:px-4 lg:text-base',
                      link.tone,
                      isActive && 'ring-4 ring-tiger-500',
                    )
                  }
                >
                  <link.icon className="size-6 shrink-0 lg:size-5" aria-hidden="true" />
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          onClick={leave}
          className="ml-auto inline-flex h-10 cursor-pointer items-center gap-1.5 rounded-full border-2 border-tiger-300 bg-white px-3 text-sm font-bold text-ink hover:border-tiger-500 lg:ml-0"
        >
          <LockKeyhole className="size-4 text-tiger-700" aria-hidden="true" />
          Leave kid mode
        </button>
      </div>
    </header>
  )
}

const friends: CharacterId[] = ['siso', 'nainni', 'lizzie', 'feefee']

/** The footer in kid mode: the friends, and no links anywhere. */
export function KidFooter() {
  return (
    <footer className="mt-16 bg-leaf-700 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-8 text-center sm:flex-row sm:px-6 sm:text-left lg:px-8">
        <div className="flex -space-x-3" aria-hidden="true">
          {friends.map((id) => (
            <span key={id} className="flex size-14 items-center justify-center rounded-full border-4 border-leaf-700 bg-cream">
              <CharacterPortrait id={id} decorative className="size-11" />
            </span>
          ))}
        </div>
        <div>
          <p className="font-display text-xl font-bold">Kid mode is on. Have fun with Siso and friends!</p>
          <p className="mt-1 text-leaf-100">The shop and the account are put away until a grown-up answers a question.</p>
        </div>
      </div>
    </footer>
  )
}
