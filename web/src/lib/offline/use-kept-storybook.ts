import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { KeepError, keepStorybook, keptRecord, offlineSupported, refreshKept, removeKept, type KeepStep, type KeptRecord } from './keep'

/**
 * A storybook's state on this device, for "Keep for offline": unknown until
 * read (and on the server, which renders no such state), unsupported in a
 * browser without service workers, none, saving (with its step), kept, or
 * failed with a message.
 */
export type KeptState =
  | { status: 'unknown' | 'unsupported' | 'none' }
  | { status: 'saving'; step: KeepStep | null }
  | { status: 'kept'; record: KeptRecord }
  | { status: 'failed'; message: string }

/**
 * Keeps under way, by slug, shared by every component showing that
 * storybook: one keep at a time per storybook, and a keep goes on when its
 * button leaves the screen (from the library into the reader).
 */
const saving = new Map<string, KeepStep | null>()
/** Counts the keeps that ended, so every component reads its storybook's record again. */
let ended = 0
/** The storybooks whose kept copy was compared with the server's since the app started: once is enough. */
const checked = new Set<string>()
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Runs a keep (or a re-keep) once per storybook, its steps heard by every component. */
async function track(slug: string, keep: (onStep: (step: KeepStep) => void) => Promise<KeptRecord | null>): Promise<KeptRecord | null> {
  saving.set(slug, null)
  changed()
  try {
    return await keep((step) => {
      saving.set(slug, step)
      changed()
    })
  } finally {
    saving.delete(slug)
    ended++
    changed()
  }
}

const messageOf = (error: unknown) => (error instanceof KeepError ? error.message : "We couldn't save the storybook on this device. Please try again.")

/** The state of a storybook on this device, with keep and remove; online, a kept copy of an older version is kept again. */
export function useKeptStorybook(slug: string) {
  const step = useSyncExternalStore(
    subscribe,
    () => saving.get(slug),
    () => undefined,
  )
  const keepsEnded = useSyncExternalStore(
    subscribe,
    () => ended,
    () => 0,
  )
  // False while hydrating a page the server rendered, which knows nothing of this device.
  const supported = useSyncExternalStore(
    subscribe,
    offlineSupported,
    () => false,
  )
  const [state, setState] = useState<KeptState>({ status: 'unknown' })

  useEffect(() => {
    if (!supported) return
    let current = true
    const show = (record: KeptRecord | null) => current && setState(record ? { status: 'kept', record } : { status: 'none' })
    keptRecord(slug)
      .then((record) => {
        show(record)
        if (!record || saving.has(slug) || checked.has(slug)) return
        checked.add(slug)
        return track(slug, (onStep) => refreshKept(slug, onStep)).then(show)
      })
      // A re-keep that failed on the way leaves the older copy, and one that failed as it was stored, none.
      .catch(() => keptRecord(slug).then(show, () => show(null)))
    return () => {
      current = false
    }
  }, [slug, keepsEnded, supported])

  const keep = useCallback(async () => {
    if (saving.has(slug)) return
    try {
      const record = await track(slug, (onStep) => keepStorybook(slug, onStep))
      setState(record ? { status: 'kept', record } : { status: 'none' })
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error) })
    }
  }, [slug])

  const remove = useCallback(async () => {
    await removeKept(slug)
    setState({ status: 'none' })
  }, [slug])

  const shown: KeptState = !supported ? { status: 'unsupported' } : step !== undefined ? { status: 'saving', step } : state
  return { state: shown, keep, remove }
}
