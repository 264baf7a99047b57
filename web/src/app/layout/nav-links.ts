import { paths } from '@/config/paths'

/** The header's links, shared by the desktop bar and the mobile menu. */
export const navLinks = [
  { to: paths.values, label: 'Our Values' },
  { to: paths.books, label: 'Books' },
  { to: paths.characters, label: 'Characters' },
  { to: paths.activities, label: 'Activities' },
  { to: paths.blog, label: 'Blog' },
  { to: paths.contact, label: 'Contact Us' },
] as const
