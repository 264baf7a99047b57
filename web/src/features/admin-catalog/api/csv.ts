import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { ImportReport } from '../types'
import { adminBooksKey } from './books'

/**
 * POST /api/admin/books/import: a dry run lists every row's errors and
 * writes nothing; the import itself writes all rows or none (a file that
 * became invalid since its dry run is refused with a 400).
 */
export function importBooks(csv: string, dryRun: boolean): Promise<ImportReport> {
  return apiFetch<ImportReport>(`/api/admin/books/import${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    body: csv,
    headers: { 'Content-Type': 'text/csv' },
  })
}

export function useImportBooks() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => importBooks(csv, dryRun),
    onSuccess: (_report, { dryRun }) => {
      if (dryRun) return
      void queryClient.invalidateQueries({ queryKey: adminBooksKey() })
      void queryClient.invalidateQueries({ queryKey: userKey('admin', 'categories') })
    },
  })
}

/** GET /api/admin/books/export.csv: the whole catalogue as the publisher's spreadsheet (signed in, so fetched, then saved). */
export function exportBooks(): Promise<string> {
  return apiFetch<string>('/api/admin/books/export.csv', { headers: { Accept: 'text/csv' } })
}
