import type { SelectOption } from '@/components/ui/form'
import type { AuditEntry } from './types'

/**
 * The kinds of change the audit log filters by: an entity, the part of an
 * action before its dot ("book" for "book.update"). A feature that records
 * a new kind adds it here, and its actions' words to actionNames.
 */
export const auditKinds: SelectOption[] = [
  { value: 'staff', label: 'Staff roles' },
  { value: 'book', label: 'Books' },
  { value: 'category', label: 'Categories' },
  { value: 'catalog', label: 'Catalog imports' },
  { value: 'cover', label: 'Covers' },
  { value: 'games', label: 'Games' },
  { value: 'post', label: 'Posts' },
  { value: 'backup', label: 'Backups' },
]

/** Each action as a sentence; an action missing here shows as written. */
export const actionNames: Record<string, string> = {
  'staff.role': 'Changed a staff role',
  'book.create': 'Added a book',
  'book.update': 'Changed a book',
  'book.archive': 'Archived a book',
  'book.duplicate': 'Duplicated a book',
  'category.create': 'Added a category',
  'category.update': 'Changed a category',
  'catalog.import': 'Imported the catalog from CSV',
  'cover.upload': 'Uploaded a cover',
  'games.config': 'Published the games configuration',
  'games.image': 'Uploaded a game picture',
  'post.create': 'Wrote a post',
  'post.update': 'Changed a post',
  'backup.create': 'Backed up the shop',
  'backup.create_failed': 'Tried to back up the shop (failed)',
  'backup.download': 'Downloaded a backup',
  'backup.upload': 'Uploaded a backup',
  'backup.restore': 'Restored the shop from a backup',
  'backup.restore_failed': 'Tried to restore the shop from a backup (failed)',
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
