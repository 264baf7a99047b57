import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

/**
 * GET /api/settings: what the web app needs to know about this deployment. The
 * server also carries the response in every page (lib/inline-data.ts), so it is
 * there from the first render; this is the one place that reads it.
 */
export type Settings = {
  /** SUPPORT_EMAIL: where customers write, shown wherever the shop gives its address. */
  supportEmail: string
  google: { enabled: boolean }
  paypal: PayPalSettings
  /** The children's privacy notice's version and the retention schedule (RETENTION_* settings), published on /privacy. */
  privacy?: PrivacySettings
}

/** How long each kind of data is kept (internal/retention, Schedule). */
export type RetentionSchedule = {
  unusedAccountMonths: number
  deletionWarningDays: number
  deviceMonths: number
  signInDays: number
  contactMonths: number
  sentMailDays: number
  dreamMonths: number
}

export type PrivacySettings = { noticeVersion: string; retention: RetentionSchedule }

export type PayPalSettings = { enabled: boolean; clientId?: string; sdkUrl?: string }

export function getSettings(): Promise<Settings> {
  return apiFetch<Settings>('/api/settings')
}

/** The settings change only with a restart: read once per visit. */
export const settingsQueryOptions = () => queryOptions({ queryKey: ['settings'], queryFn: getSettings, staleTime: Infinity })

export function useSettings() {
  return useQuery(settingsQueryOptions())
}

/** The shop's support address, or '' until known (then the address is simply not shown). */
export function useSupportEmail(): string {
  return useSettings().data?.supportEmail ?? ''
}

/** PayPal is offered when the server has an app for it. */
export function payPalConfigured(s: Settings | undefined): s is Settings & { paypal: { clientId: string } } {
  return !!s?.paypal.enabled && !!s.paypal.clientId
}

/** The children's privacy notice's version and the retention schedule, once known. */
export function usePrivacySettings(): PrivacySettings | undefined {
  return useSettings().data?.privacy
}
