import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { ImportReport } from '../types'
import { adminBooksKey } from './books'

/** A file to import: a CSV file's text, or a ZIP file of it and its cover pictures. */
export type ImportFile = { name: string; body: string | Blob; zip: boolean }

/** A chosen file as the import sends it: a ZIP file as it is, a CSV file as its text. */
export async function importFileOf(picked: File): Promise<ImportFile> {
  const zip = /\.zip$/i.test(picked.name) || /zip/.test(picked.type)
  return { name: picked.name, body: zip ? picked : await picked.text(), zip }
}

/**
 * POST /api/admin/books/import: a dry run lists every row's errors and
 * writes nothing; the import itself writes all rows or none (a file that
 * became invalid since its dry run is refused with a 400).
 */
export function importBooks(file: ImportFile, dryRun: boolean): Promise<ImportReport> {
  return apiFetch<ImportReport>(`/api/admin/books/import${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    body: file.body,
    headers: { 'Content-Type': file.zip ? 'application/zip' : 'text/csv' },
  })
}

export function useImportBooks() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: ImportFile; dryRun: boolean }) => importBooks(file, dryRun),
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
