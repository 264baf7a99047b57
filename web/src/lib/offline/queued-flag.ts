/**
 * Set while progress read offline waits in the queue (progress-queue.ts).
 * Read without loading the queue's code, so a sign-out with nothing to send
 * starts at once instead of after a chunk's download.
 */
export const QUEUED_FLAG = 'siso-progress-queued'

export function hasQueuedProgress(): boolean {
  try {
    return localStorage.getItem(QUEUED_FLAG) !== null
  } catch {
    return false
  }
}
