import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { BookOpen, LogOut, Store, User } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { initials } from '@/features/auth/initials'
import { type AuthUser } from '@/features/auth/auth-provider'

/** The signed-in user's avatar with Profile, Back office (for staff) and Sign Out. */
export function UserMenu({ user, onSignOut, backOffice = false }: { user: AuthUser; onSignOut: () => void; backOffice?: boolean }) {
  return (
    <DropdownMenu.Root modal={false}>
      {/* The name says the initials it shows too (WCAG 2.5.3, label in name). */}
      <DropdownMenu.Trigger
        aria-label={`Account menu, ${initials(user)}`}
        className="flex size-10 cursor-pointer items-center justify-center rounded-full bg-leaf-700 font-display text-base font-semibold text-white ring-4 ring-leaf-100 transition hover:bg-leaf-800"
      >
        {initials(user)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        {/* Above the toasts (sonner's layer is 999999999): right after sign-in, "Login successful" stands where this menu opens. */}
        <DropdownMenu.Content align="end" sideOffset={8} className="z-[1000000000] min-w-52 rounded-2xl border-2 border-line bg-white p-2 shadow-xl">
          <DropdownMenu.Label className="px-3 py-2 text-sm">
            <span className="block font-bold">{[user.firstName, user.lastName].filter(Boolean).join(' ') || 'My account'}</span>
            <span className="block max-w-72 text-muted [overflow-wrap:anywhere]">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 font-semibold outline-none data-highlighted:bg-tiger-50">
            <Link to={paths.profile}>
              <User className="size-4" /> Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 font-semibold outline-none data-highlighted:bg-tiger-50">
            <Link to={paths.library}>
              <BookOpen className="size-4" /> My storybooks
            </Link>
          </DropdownMenu.Item>
          {backOffice && (
            <DropdownMenu.Item asChild className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 font-semibold outline-none data-highlighted:bg-tiger-50">
              <Link to={paths.admin}>
                <Store className="size-4" /> Back office
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 font-semibold outline-none data-highlighted:bg-tiger-50"
          >
            <LogOut className="size-4" /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
