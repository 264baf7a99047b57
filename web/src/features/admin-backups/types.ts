/** One archive of the shop (GET /api/admin/backups): its id is its file name. */
export type Backup = {
  id: string
  createdAt: string
  size: number
  encrypted: boolean
  /** The folder and, when set, the bucket that keep it. */
  where: string[]
}

/** How this instance's last online restore went. */
export type RestoreStatus = {
  state: '' | 'restoring' | 'done' | 'failed'
  id?: string
  error?: string
  /** The id of the archive of what the restore replaced. */
  preRestore?: string
  at?: string
}

/** GET /api/admin/backups */
export type BackupsResponse = {
  backups: Backup[]
  /** A "Back up now" is running. */
  making: boolean
  restore: RestoreStatus
  schedule: { every: string; keep: number; encrypted: boolean; lastSuccessAt: string | null; lastFailureAt: string | null; lastError: string }
}
