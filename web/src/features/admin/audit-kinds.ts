import type { SelectOption } from '@/components/ui/form'
import type { AuditEntry } from './types'

/**
 * The kinds of change the audit log filters by: an entity, the part of an
 * action before its dot ("book" for "book.update"). A feature that records
 * a new kind adds it here, and its actions' words to actionNames.
 */
export const auditKinds: SelectOption[] = [
  { value: 'order', label: 'Orders' },
  { value: 'customer', label: 'Customers' },
  { value: 'discount', label: 'Discounts' },
  { value: 'settings', label: 'Settings' },
  { value: 'staff', label: 'Staff roles' },
  { value: 'book', label: 'Books' },
  { value: 'category', label: 'Categories' },
  { value: 'catalog', label: 'Catalog imports' },
  { value: 'cover', label: 'Covers' },
  { value: 'storybook', label: 'Storybooks' },
  { value: 'file', label: 'Files' },
  { value: 'post', label: 'Posts' },
  { value: 'campaign', label: 'Campaigns' },
  { value: 'subscriber', label: 'Newsletter subscribers' },
  { value: 'games', label: 'Games' },
  { value: 'backup', label: 'Backups' },
  { value: 'user', label: 'Accounts (admin API)' },
  { value: 'factor', label: 'Two-step factors (admin API)' },
  { value: 'passkey', label: 'Passkeys (admin API)' },
]

/**
 * Each action as a sentence. Every action the server records
 * (internal/audit/actions.go) has one: a Go test says when one is missing.
 */
export const actionNames: Record<string, string> = {
  'order.fulfil': 'Shipped an order',
  'order.deliver': 'Marked an order delivered',
  'order.cancel': 'Canceled an order',
  'order.refund': 'Refunded an order',
  'order.note': 'Added a note to an order',
  'order.resend_confirmation': 'Resent an order confirmation',
  'customer.resend_confirmation': 'Resent a customer’s confirmation e-mail',
  'customer.password_reset': 'Sent a customer a password reset',
  'customer.sign_out': 'Signed a customer out everywhere',
  'customer.reset_factors': 'Reset a customer’s two-step sign-in',
  'customer.ban': 'Suspended a customer',
  'customer.unban': 'Lifted a customer’s suspension',
  'customer.delete': 'Deleted a customer’s account',
  'discount.create': 'Added a discount code',
  'discount.update': 'Changed a discount code',
  'settings.update': 'Changed the shop settings',
  'staff.role': 'Changed a staff role',
  'staff.invite': 'Invited a staff member',
  'book.create': 'Added a book',
  'book.update': 'Changed a book',
  'book.archive': 'Archived a book',
  'book.duplicate': 'Duplicated a book',
  'category.create': 'Added a category',
  'category.update': 'Changed a category',
  'catalog.import': 'Imported the catalog from CSV',
  'cover.upload': 'Uploaded a cover',
  'storybook.create': 'Created a storybook',
  'storybook.update': 'Changed a storybook',
  'storybook.import': 'Imported a storybook',
  'storybook.publish': 'Published a storybook',
  'storybook.unpublish': 'Unpublished a storybook',
  'storybook.grant': 'Gave a storybook to a customer',
  'storybook.media': 'Uploaded storybook media',
  'file.upload': 'Uploaded a file',
  'campaign.create': 'Wrote a campaign',
  'campaign.update': 'Changed a campaign',
  'campaign.send': 'Sent a campaign (or set its time)',
  'subscriber.unsubscribe': 'Unsubscribed a newsletter reader on request',
  'subscriber.unsuppress': 'Lifted the suppression of a newsletter reader',
  'post.create': 'Wrote a post',
  'post.picture': 'Uploaded a picture for a post',
  'post.update': 'Changed a post',
  'games.config': 'Published the games configuration',
  'games.image': 'Uploaded a game picture',
  'backup.create': 'Backed up the shop',
  'backup.create_failed': 'Tried to back up the shop (failed)',
  'backup.download': 'Downloaded a backup',
  'backup.upload': 'Uploaded a backup',
  'backup.restore': 'Restored the shop from a backup',
  'backup.restore_failed': 'Tried to restore the shop from a backup (failed)',
  'user.create': 'Created an account (admin API)',
  'user.update': 'Changed an account (admin API)',
  'user.delete': 'Deleted an account (admin API)',
  'user.invite': 'Invited someone (admin API)',
  'user.generate_link': 'Made a sign-in link (admin API)',
  'factor.update': 'Changed a two-step factor (admin API)',
  'factor.delete': 'Removed a two-step factor (admin API)',
  'passkey.delete': 'Removed a passkey (admin API)',
}

/** Who made a change: their account's address now, "A deleted account" once it is gone (the log keeps no address), or what acted without an account. */
export function actorName(e: Pick<AuditEntry, 'actor'>): string {
  return e.actor.deleted ? 'A deleted account' : e.actor.email || 'Unknown'
}

/** What the change was about, in words: an account's address, else what the values say (a title, a name, a code), else the entity and its id. */
export function subjectOf(e: Pick<AuditEntry, 'entity' | 'entityId' | 'entityEmail' | 'before' | 'after'>): string {
  if (e.entityEmail) return `${e.entity} ${e.entityEmail}`
  for (const values of [e.after, e.before]) {
    if (values && typeof values === 'object' && !Array.isArray(values)) {
      const v = values as Record<string, unknown>
      for (const key of ['title', 'name', 'code', 'number']) if (typeof v[key] === 'string' && v[key]) return `${e.entity} ${v[key] as string}`
    }
  }
  return `${e.entity} ${e.entityId}`
}
