import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UserIdentity } from '@supabase/auth-js'
import { authClient, siteUrl } from '@/lib/auth-client'
import { userKey } from '@/lib/user-data'

const identitiesKey = userKey('security', 'identities')

/** The ways into the account (GoTrue's identities): e-mail, Google. */
export async function getIdentities(): Promise<UserIdentity[]> {
  const { data, error } = await authClient.getUserIdentities()
  if (error) throw error
  return data.identities
}

export const identitiesQueryOptions = () => queryOptions({ queryKey: identitiesKey, queryFn: getIdentities })

export function useIdentities() {
  return useQuery(identitiesQueryOptions())
}

/** Sends the browser to Google to link that account; it comes back to returnPath. */
export async function linkGoogle(returnPath: string): Promise<void> {
  const { error } = await authClient.linkIdentity({ provider: 'google', options: { redirectTo: siteUrl(returnPath) } })
  if (error) throw error
}

export function useUnlinkIdentity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (identity: UserIdentity) => {
      const { error } = await authClient.unlinkIdentity(identity)
      if (error) throw error
      // The user object (and its identities) changed on the server.
      await authClient.refreshSession()
    },
    onSettled: () => client.invalidateQueries({ queryKey: identitiesKey }),
  })
}
