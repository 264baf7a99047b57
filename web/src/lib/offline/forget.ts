import { forgetKeptStorybooks } from './keep'
import { flushForCurrentUser, forgetQueuedProgress } from './progress-queue'

/**
 * Before a sign-out: the progress made offline is sent while the session
 * still can, so the forgetting after it loses nothing that could be saved.
 * A sign-out is never held up by the network for long.
 */
export async function sendBeforeSignOut(): Promise<void> {
  const giveUp = new Promise<void>((resolve) => window.setTimeout(resolve, 3000))
  await Promise.race([flushForCurrentUser().catch(() => 0), giveUp])
}

/** At sign-out, or another account's sign-in: the storybooks kept and the progress waiting are the family's. */
export async function forgetOfflineData(): Promise<void> {
  await Promise.all([forgetKeptStorybooks(), forgetQueuedProgress()])
}
