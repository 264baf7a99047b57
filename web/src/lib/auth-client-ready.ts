/**
 * Word that the auth client (lib/auth-client) has loaded, whoever loaded it:
 * the session provider, or a screen that signs in and imports it directly.
 * The client says so as it loads; lib/auth-client-loader listens. A module of
 * its own, so that neither of those two imports the other.
 */
const waiting = new Set<() => void>()
let loaded = false

/** Called once by lib/auth-client as it loads. */
export function authClientLoaded(): void {
  loaded = true
  for (const run of waiting) run()
  waiting.clear()
}

/** Whether the client has loaded. */
export function authClientHasLoaded(): boolean {
  return loaded
}

/** Runs `run` once the client has loaded (at once if it has); returns the cancel. */
export function whenAuthClientLoaded(run: () => void): () => void {
  if (loaded) {
    run()
    return () => {}
  }
  waiting.add(run)
  return () => waiting.delete(run)
}
