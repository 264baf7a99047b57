import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

/** Fetches the parent's data and hands it to the browser as a JSON file. */
export async function exportData(): Promise<void> {
  const data = await apiFetch<unknown>('/api/account/export')
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'siso-and-friends-my-data.json'
  link.click()
  URL.revokeObjectURL(url)
}

export function useExportData() {
  return useMutation({ mutationFn: exportData })
}
