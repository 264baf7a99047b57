import { apiFetch } from '@/lib/api'

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

export type ProfilePatch = Partial<Pick<Profile, 'first_name' | 'last_name' | 'country' | 'language' | 'date_of_birth'>>

export const VERIFIED_STATUS = 'Active'

export function getProfile(): Promise<Profile> {
  return apiFetch<Profile>('/api/profile')
}

export function updateProfile(patch: ProfilePatch): Promise<Profile> {
  return apiFetch<Profile>('/api/profile', { method: 'PATCH', json: patch })
}
