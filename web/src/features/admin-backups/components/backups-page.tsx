import { Archive, Download, HardDriveDownload, History, Lock, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { ListResults } from '@/components/ui/list-controls'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { downloadBackup, useAdminBackups, useBackUpNow, useRestoreBackup, useUploadBackup } from '../api/backups'
import { everyText, formatSize, formatWhen } from '../format'
import type { Backup, BackupsResponse } from '../types'
import { RestoreDialog } from './restore-dialog'

/** /admin/backups: the owner's archives of the whole shop, made on a schedule or now, downloaded, and restored online. */
export function BackupsPage() {
  const backups = useAdminBackups()
  const restore = useRestoreBackup()
  const [confirm, setConfirm] = useState<Backup | null>(null)
  const data = backups.data
  const restoring = restore.isPending

  return (
    <div className="space-y-6">
      {data && <Summary data={data} />}
      {restoring && (
        <Alert>
          <History className="mr-2 inline size-5" aria-hidden="true" />
          Restoring the backup. The shop is closed to everyone for a minute, then opens again by itself.
        </Alert>
      )}
      {data?.restore.state && data.restore.state !== 'restoring' && !restoring && <LastRestore data={data} />}
      <Actions making={Boolean(data?.making)} busy={restoring} onUploaded={setConfirm} />
      <ListResults
        query={backups}
        loading="Loading the backups..."
        what="the backups"
        isEmpty={(d) => d.backups.length === 0}
        empty={{ icon: Archive, title: 'No backups yet', description: 'Make the first one now: it holds every order, account, book and picture of the shop.' }}
      >
        {(d) => (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Backups">
            {d.backups.map((b) => (
              <BackupCard key={b.id} backup={b} busy={restoring} onRestore={() => setConfirm(b)} />
            ))}
          </ul>
        )}
      </ListResults>
      <RestoreDialog
        backup={confirm}
        onClose={() => setConfirm(null)}
        onConfirm={(b) => {
          setConfirm(null)
          restore.mutate(b.id, {
            onSuccess: (list) => {
              if (list.restore.state === 'done') toast.success('The shop is restored and open again.')
              else toast.error(`The restore failed: ${list.restore.error ?? 'unknown error'}`)
            },
            onError: (e) => toast.error(messageOf(e)),
          })
        }}
      />
    </div>
  )
}

function Summary({ data }: { data: BackupsResponse }) {
  const s = data.schedule
  const failing = s.lastFailureAt && (!s.lastSuccessAt || s.lastFailureAt > s.lastSuccessAt)
  return (
    <div className="space-y-3">
      <p className="text-muted">
        Scheduled backups: {everyText(s.every)}, the newest {s.keep} kept.{' '}
        {s.encrypted ? 'Archives are encrypted for the shop’s age key.' : 'Archives are not encrypted (set BACKUP_AGE_RECIPIENT to encrypt them).'}{' '}
        Last good backup: {s.lastSuccessAt ? formatWhen(s.lastSuccessAt) : 'none yet'}.
      </p>
      {failing && (
        <Alert tone="error">
          The last backup failed{s.lastFailureAt ? ` (${formatWhen(s.lastFailureAt)})` : ''}: {s.lastError}
        </Alert>
      )}
    </div>
  )
}

function LastRestore({ data }: { data: BackupsResponse }) {
  const r = data.restore
  if (r.state === 'failed') return <Alert tone="error">The last restore failed: {r.error}</Alert>
  return (
    <Alert tone="success">
      Restored {r.id}
      {r.at ? ` at ${formatWhen(r.at)}` : ''}. {r.preRestore ? `What it replaced is kept as ${r.preRestore}.` : ''}
    </Alert>
  )
}

function Actions({ making, busy, onUploaded }: { making: boolean; busy: boolean; onUploaded: (b: Backup) => void }) {
  const backUp = useBackUpNow()
  const upload = useUploadBackup()
  const file = useRef<HTMLInputElement>(null)
  return (
    <div className="flex flex-wrap gap-3">
      <Button
        disabled={making || busy || backUp.isPending}
        onClick={() =>
          backUp.mutate(undefined, {
            onSuccess: (list) =>
              list.schedule.lastFailureAt && (!list.schedule.lastSuccessAt || list.schedule.lastFailureAt > list.schedule.lastSuccessAt)
                ? toast.error(`The backup failed: ${list.schedule.lastError}`)
                : toast.success('The shop is backed up.'),
            onError: (e) => toast.error(messageOf(e)),
          })
        }
      >
        <HardDriveDownload aria-hidden="true" /> {making || backUp.isPending ? 'Backing up…' : 'Back up now'}
      </Button>
      <Button variant="outline" disabled={busy || upload.isPending} onClick={() => file.current?.click()}>
        <Upload aria-hidden="true" /> {upload.isPending ? 'Uploading…' : 'Restore from a file…'}
      </Button>
      <input
        ref={file}
        type="file"
        accept=".gz,.age"
        className="sr-only"
        aria-label="Backup file to restore"
        tabIndex={-1}
        onChange={(e) => {
          const chosen = e.target.files?.[0]
          e.target.value = ''
          if (chosen)
            upload.mutate(chosen, {
              onSuccess: ({ backup }) => onUploaded(backup),
              onError: (err) => toast.error(err instanceof ApiError ? err.message : messageOf(err)),
            })
        }}
      />
    </div>
  )
}

function BackupCard({ backup: b, busy, onRestore }: { backup: Backup; busy: boolean; onRestore: () => void }) {
  const [downloading, setDownloading] = useState(false)
  const label = formatWhen(b.createdAt)
  return (
    <li className="rounded-2xl border-2 border-line bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{label}</h2>
        <span className="text-muted">
          {formatSize(b.size)}
          {b.encrypted && (
            <>
              {' '}
              · <Lock className="inline size-4" aria-hidden="true" /> encrypted
            </>
          )}
          {b.id.includes('-pre-restore') && ' · before a restore'}
        </span>
      </div>
      <p className="mt-1 break-all text-sm text-muted">Kept in {b.where.join(' and ')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={downloading}
          aria-label={`Download the backup of ${label}`}
          onClick={() => {
            setDownloading(true)
            downloadBackup(b.id)
              .catch((e: unknown) => toast.error(messageOf(e)))
              .finally(() => setDownloading(false))
          }}
        >
          <Download aria-hidden="true" /> Download
        </Button>
        <Button size="sm" variant="outline" disabled={busy} aria-label={`Restore the backup of ${label}`} onClick={onRestore}>
          <History aria-hidden="true" /> Restore
        </Button>
      </div>
    </li>
  )
}
