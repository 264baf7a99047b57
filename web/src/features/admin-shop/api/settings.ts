import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { ShopSettings } from '../types'

// The shop's tax and shipping settings (GET/PUT /api/admin/settings), saved whole over their version.

const settingsKey = () => userKey('admin', 'settings')

export const adminSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKey(), queryFn: () => apiFetch<ShopSettings>('/api/admin/settings'), staleTime: 0 })

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions())
}

export type SettingsSave = Omit<ShopSettings, 'updatedAt'>

export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: SettingsSave) => apiFetch<ShopSettings>('/api/admin/settings', { method: 'PUT', json: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(), saved)
      // The shop's own pages read the public side of the settings.
      void queryClient.invalidateQueries({ queryKey: ['shipping'] })
    },
  })
}
