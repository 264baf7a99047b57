import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

export type PayPalSettings = { enabled: boolean; clientId?: string; sdkUrl?: string }
export type Settings = { paypal: PayPalSettings; supportEmail: string }

export function getSettings(): Promise<Settings> {
  return apiFetch<Settings>('/api/settings')
}

export const settingsQueryOptions = () => queryOptions({ queryKey: ['settings'], queryFn: getSettings })

export function useSettings() {
  return useQuery(settingsQueryOptions())
}
