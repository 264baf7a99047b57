import { queryOptions, useQuery } from '@tanstack/react-query'
import { authClient } from '@/lib/auth-client'
import { userKey } from '@/lib/user-data'

/**
 * The parent's passkeys and security keys, through auth-js (GoTrue's
 * /passkeys and /factors endpoints): a passkey signs in on its own, a
 * security key (a WebAuthn factor) is the second step of a sign-in.
 */

export type Passkey = { id: string; friendly_name?: string; created_at: string; last_used_at?: string }

export const passkeysKey = userKey('passkeys')
export const securityKeysKey = userKey('security-keys')

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: passkeysKey,
    queryFn: async (): Promise<Passkey[]> => {
      const { data, error } = await authClient.passkey.list()
      if (error) throw error
      return data ?? []
    },
  })

export function usePasskeys() {
  return useQuery(passkeysQueryOptions())
}

/** Runs the browser's passkey creation for the signed-in parent. */
export async function addPasskey(): Promise<void> {
  const { error } = await authClient.registerPasskey()
  if (error) throw error
}

export async function renamePasskey(passkeyId: string, friendlyName: string): Promise<void> {
  const { error } = await authClient.passkey.update({ passkeyId, friendlyName })
  if (error) throw error
}

export async function removePasskey(passkeyId: string): Promise<void> {
  const { error } = await authClient.passkey.delete({ passkeyId })
  if (error) throw error
}

export type SecurityKey = { id: string; friendly_name?: string; created_at: string }

export const securityKeysQueryOptions = () =>
  queryOptions({
    queryKey: securityKeysKey,
    queryFn: async (): Promise<SecurityKey[]> => {
      const { data, error } = await authClient.mfa.listFactors()
      if (error) throw error
      return data.webauthn.filter((f) => f.status === 'verified')
    },
  })

export function useSecurityKeys() {
  return useQuery(securityKeysQueryOptions())
}

/**
 * Registers a security key or phone as a second factor; the recovery codes
 * come back when it is the account's first factor.
 */
export async function addSecurityKey(friendlyName: string): Promise<string[] | null> {
  const { data, error } = await authClient.mfa.webauthn.register({ friendlyName })
  if (error) throw error
  return (data as unknown as { recovery_codes?: string[] }).recovery_codes ?? null
}

export async function removeSecurityKey(factorId: string): Promise<void> {
  const { error } = await authClient.mfa.unenroll({ factorId })
  if (error) throw error
}
