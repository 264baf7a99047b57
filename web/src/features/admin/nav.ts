import { Archive, BookHeart, BookOpen, ClipboardList, Contact, LayoutDashboard, Mail, MailOpen, Newspaper, Settings, ShoppingBag, Tags, TicketPercent, Users, type LucideIcon } from 'lucide-react'
import { paths } from '@/config/paths'
import type { Permission } from './types'

/** One link of the back office's navigation; shown only to a role with its permission (none: every staff member). */
export type AdminNavItem = { label: string; to: string; icon: LucideIcon; permission?: Permission; end?: boolean }

/**
 * The back office's navigation, in the order shown. A new back-office page
 * adds its link here (Books, Categories, Posts, Storybooks, Orders, Customers,
 * Discounts, Settings): the side nav and the phone menu both read this list.
 */
export const adminNav: AdminNavItem[] = [
  { label: 'Dashboard', to: paths.admin, icon: LayoutDashboard, end: true },
  { label: 'Books', to: paths.adminBooks, icon: BookOpen, permission: 'catalog' },
  { label: 'Categories', to: paths.adminCategories, icon: Tags, permission: 'catalog' },
  { label: 'Posts', to: paths.adminPosts, icon: Newspaper, permission: 'posts' },
  { label: 'Storybooks', to: paths.adminStorybooks, icon: BookHeart, permission: 'storybooks' },
  { label: 'Campaigns', to: paths.adminCampaigns, icon: Mail, permission: 'campaigns' },
  { label: 'Newsletter', to: paths.adminNewsletter, icon: MailOpen, permission: 'newsletter' },
  { label: 'Orders', to: paths.adminOrders, icon: ShoppingBag, permission: 'orders.read' },
  { label: 'Customers', to: paths.adminCustomers, icon: Contact, permission: 'customers.read' },
  { label: 'Discounts', to: paths.adminDiscounts, icon: TicketPercent, permission: 'discounts' },
  { label: 'Settings', to: paths.adminSettings, icon: Settings, permission: 'settings' },
  { label: 'Staff', to: paths.adminStaff, icon: Users, permission: 'staff' },
  { label: 'Audit log', to: paths.adminAudit, icon: ClipboardList, permission: 'audit' },
  { label: 'Backups', to: paths.adminBackups, icon: Archive, permission: 'backups' },
]

/** The links a role with these permissions may follow. */
export function navFor(permissions: readonly Permission[]): AdminNavItem[] {
  return adminNav.filter((item) => !item.permission || permissions.includes(item.permission))
}
