import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'

/** The caller's profile row (spec 01 §3 "Profile"), as GET /api/profile returns it. */
export type Profile = {
  id: string
  first_name: string
  last_name: string
  country: string
  language: string
  email: string
  account_status: string
  email_verification_status: string
  date_of_birth: string | null
  made_purchase: boolean
  created_at: string
  updated_at: string
  last_login_date: string | null
  role: string
}

/** What the parent may change (PATCH /api/profile); the rest is the server's. */
export type ProfilePatch = Partial<Pick<Profile, 'first_name' | 'last_name' | 'country' | 'language' | 'date_of_birth'>>

/** email_verification_status once the e-mail is confirmed. */
export const VERIFIED_STATUS = 'Active'

export function getProfile(): Promise<Profile> {
  return apiFetch<Profile>('/api/profile')
}

export function updateProfile(patch: ProfilePatch): Promise<Profile> {
  return apiFetch<Profile>('/api/profile', { method: 'PATCH', json: patch })
}

/**
 * The one profile query, keyed on the user: the session (features/auth) and the
 * account area read the same cache entry.
 */
export const profileQueryOptions = (userId: string) => queryOptions({ queryKey: userKey(userId, 'profile'), queryFn: getProfile, retry: 1 })
