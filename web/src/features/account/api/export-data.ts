import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

/** Hands data to the browser as a JSON file named fileName. */
export function saveJsonFile(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  URL.revokeObjectURL(url)
}

/** Fetches the parent's data and hands it to the browser as a JSON file. */
export async function exportData(): Promise<void> {
  saveJsonFile(await apiFetch<unknown>('/api/account/export'), 'siso-and-friends-my-data.json')
}

export function useExportData() {
  return useMutation({ mutationFn: exportData })
}
