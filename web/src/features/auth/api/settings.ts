import { useQuery } from '@tanstack/react-query'

/** GET /auth/v1/settings: which ways of signing in the server has enabled. */
export type AuthSettings = { external: Record<string, boolean>; disable_signup?: boolean }

export async function getAuthSettings(): Promise<AuthSettings> {
  const response = await fetch('/auth/v1/settings', { headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`settings: ${response.status}`)
  return (await response.json()) as AuthSettings
}

export function useAuthSettings() {
  return useQuery({ queryKey: ['auth', 'settings'], queryFn: getAuthSettings, staleTime: 10 * 60 * 1000 })
}

/** Google sign-in: 'enabled', 'disabled' (not configured), 'unknown' (still asking, or the server did not answer). */
export function useGoogleAvailability(): 'enabled' | 'disabled' | 'loading' | 'unknown' {
  const { data, isPending, isError } = useAuthSettings()
  if (isPending) return 'loading'
  if (isError) return 'unknown'
  return data.external?.google ? 'enabled' : 'disabled'
}
