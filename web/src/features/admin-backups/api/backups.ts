import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiBlob, apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { Backup, BackupsResponse } from '../types'

// The shop's backups (/api/admin/backups): listed, made now, downloaded, uploaded and restored online.

const backupsKey = () => userKey('admin', 'backups')

export const adminBackupsQueryOptions = () =>
  queryOptions({ queryKey: backupsKey(), queryFn: () => apiFetch<BackupsResponse>('/api/admin/backups'), staleTime: 0 })

export function useAdminBackups() {
  return useQuery(adminBackupsQueryOptions())
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Asks for the list every second until done says so. While the shop
 * restores it answers 503 (with Retry-After): those are waited through.
 */
async function pollUntil(done: (list: BackupsResponse) => boolean): Promise<BackupsResponse> {
  for (;;) {
    await sleep(1000)
    try {
      const list = await apiFetch<BackupsResponse>('/api/admin/backups')
      if (done(list)) return list
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 503)) throw e
    }
  }
}

/** "Back up now": 202, then the list until the backup is made. */
export function useBackUpNow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await apiFetch('/api/admin/backups', { method: 'POST' })
      return pollUntil((list) => !list.making)
    },
    onSuccess: (list) => queryClient.setQueryData(backupsKey(), list),
  })
}

/** A restore: 202, then the list until the shop is back; every query then reads the restored shop. */
export function useRestoreBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiFetch(`/api/admin/backups/${encodeURIComponent(id)}/restore`, { method: 'POST' })
      const list = await pollUntil((l) => l.restore.id === id && l.restore.state !== 'restoring')
      return list
    },
    onSuccess: async (list) => {
      await queryClient.invalidateQueries()
      queryClient.setQueryData(backupsKey(), list)
    },
  })
}

export function useUploadBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) =>
      apiFetch<{ backup: Backup }>('/api/admin/backups/upload', { method: 'POST', body: file, headers: { 'Content-Type': 'application/octet-stream' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsKey() }),
  })
}

/**
 * Downloads an archive: the route needs the bearer token, which a plain link
 * cannot carry, so the file is fetched and handed to the browser as a blob.
 */
export async function downloadBackup(id: string) {
  const url = URL.createObjectURL(await apiBlob(`/api/admin/backups/${encodeURIComponent(id)}/download`))
  const a = document.createElement('a')
  a.href = url
  a.download = id
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
