import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { Kid } from '../types'
import type { ConsentEntry } from './consents'
import { saveJsonFile } from './export-data'

/** A dream as a child's export lists it. */
export type ExportedDream = {
  id: string
  title: string
  kid: { id: string; name: string; age: number }
  kept: boolean
  created_at: string
}

/** A child's place in a storybook, as the export lists it (internal/storybooks/privacy.go). */
export type ExportedProgress = {
  storybook: string
  slug: string
  reader: string
  page: string
  visited: string[]
  endings: string[]
  updated_at: string
}

/** Everything held about one child (GET /api/kids/{id}/export). */
export type ChildExport = {
  exported_at: string
  child: Kid
  added_at: string
  dreams: ExportedDream[]
  storybook_progress: ExportedProgress[]
  consents: ConsentEntry[]
}

const childExportPath = (id: string) => `/api/kids/${encodeURIComponent(id)}/export`

export const childExportQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKey('child-export', id), queryFn: () => apiFetch<ChildExport>(childExportPath(id)) })

export function useChildExport(id: string) {
  return useQuery(childExportQueryOptions(id))
}

/** Fetches one child's data afresh and hands it to the browser as a JSON file. */
export async function downloadChild(id: string): Promise<void> {
  const data = await apiFetch<ChildExport>(childExportPath(id))
  saveJsonFile(data, `siso-and-friends-${data.child.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'child'}.json`)
}

export function useDownloadChild() {
  return useMutation({ mutationFn: downloadChild })
}

/**
 * Deletes a child with everything held about them: plainly (DELETE /api/kids/{id}), or by
 * withdrawing the consent for them (POST /api/kids/{id}/withdraw-consent), which the ledger records.
 */
export function forgetChild({ id, withdraw }: { id: string; withdraw: boolean }): Promise<void> {
  const path = `/api/kids/${encodeURIComponent(id)}`
  return withdraw ? apiFetch<void>(`${path}/withdraw-consent`, { method: 'POST' }) : apiFetch<void>(path, { method: 'DELETE' })
}

export function useForgetChild() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: forgetChild,
    onSuccess: async (_, { id }) => {
      queryClient.removeQueries({ queryKey: userKey('child-export', id) })
      // The children, their dreams and the consent ledger all changed.
      await queryClient.invalidateQueries({ queryKey: userKey() })
    },
  })
}
