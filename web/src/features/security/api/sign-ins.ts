import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'
import type { SignInEvent } from '../types'

export type SignIns = { sign_ins: SignInEvent[]; days: number }

export function getSignIns(): Promise<SignIns> {
  return apiFetch<SignIns>('/api/security/sign-ins')
}

export const signInsQueryOptions = () => queryOptions({ queryKey: userKey('security', 'sign-ins'), queryFn: getSignIns })

export function useSignIns() {
  return useQuery(signInsQueryOptions())
}
