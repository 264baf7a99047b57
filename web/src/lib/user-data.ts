import type { QueryClient } from '@tanstack/react-query'

/**
 * The signed-in user's server state. Every query about the user (profile,
 * children, devices, orders, dreams, factors...) has a key made by userKey, so
 * signing out, or another account signing in, drops all of it at once
 * (features/auth/auth-provider): the next person at this browser never sees
 * the last one's children or orders.
 */
export function userKey<const T extends readonly unknown[]>(...parts: T) {
  return ['me', ...parts] as const
}

/** Drops every query made with userKey, and what this device keeps of the family for reading offline (lib/offline). */
export function forgetUserData(client: QueryClient): void {
  client.removeQueries({ queryKey: userKey() })
  void import('./offline/forget').then((m) => m.forgetOfflineData())
}
