import { Check, Hand, Play, Square, Timer } from 'lucide-react'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useFormContext, useFormState, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/label'
import { cn } from '@/lib/cn'
import type { StoryValues } from '../story-form'
import { complete, redoFrom, tap, wordAt, wordsOf } from '../timings'
import type { StoryPage } from '../types'

type Mode = 'idle' | 'recording' | 'replaying'

/**
 * "Record word timings": the narration plays and the author taps the big
 * button (or presses Space) as each word begins; the word lights up as it
 * is tapped. Replay lights the words by the recorded timings; a word clicked
 * afterwards redoes the timings from it. Whole timings (one per word) go into
 * the page's form values and are saved with it. The words are the saved
 * page's, counted by the server as the reader counts them, so a changed text
 * is saved before it is timed.
 */
export function TimingsRecorder({ index, saved }: { index: number; saved?: StoryPage }) {
  const form = useFormContext<StoryValues>()
  const [narration, timings] = useWatch({ control: form.control, name: [`pages.${index}.narration`, `pages.${index}.timings`] })
  const { errors } = useFormState({ control: form.control, name: `pages.${index}.timings` })
  const error = errors.pages?.[index]?.timings?.message
  const words = useMemo(() => (saved ? wordsOf(saved.html) : []), [saved])
  const [open, setOpen] = useState(false)
  if (!narration) return null
  const count = saved?.words ?? 0
  const done = complete(timings, count)
  return (
    <section aria-labelledby={`timings-${index}`} className="space-y-3 rounded-xl border-2 border-line p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`timings-${index}`} className="flex items-center gap-2 font-bold">
          <Timer className="size-4" aria-hidden="true" /> Word timings
        </h3>
        <span className={cn('text-sm font-bold', done ? 'text-leaf-700' : 'text-muted')}>
          {done ? `All ${count} words timed` : timings.length > 0 ? `${timings.length} of ${count || '?'} words timed` : 'Not timed yet'}
        </span>
      </div>
      {!saved ? (
        <p className="text-sm text-muted">Save the storybook first: the words are timed as the reader counts them, from the saved text.</p>
      ) : !open ? (
        <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
          <Hand aria-hidden="true" /> Record word timings
        </Button>
      ) : (
        <Recorder
          src={narration}
          words={words}
          initial={timings}
          onDone={(t) => {
            form.setValue(`pages.${index}.timings`, t, { shouldDirty: true })
            form.clearErrors(`pages.${index}.timings`)
          }}
          onClose={() => setOpen(false)}
        />
      )}
      <FieldError message={error} />
    </section>
  )
}

function Recorder({ src, words, initial, onDone, onClose }: { src: string; words: string[]; initial: number[]; onDone: (t: number[]) => void; onClose: () => void }) {
  const audio = useRef<HTMLAudioElement>(null)
  const tapButton = useRef<HTMLButtonElement>(null)
  const [mode, setMode] = useState<Mode>('idle')
  const [draft, setDraft] = useState<number[]>(() => (initial.length <= words.length ? initial : []))
  const [lit, setLit] = useState(-1)
  const now = () => (audio.current?.currentTime ?? 0) * 1000

  // While replaying, the lit word follows the narration frame by frame (timeupdate comes only 4 times a second).
  useEffect(() => {
    if (mode !== 'replaying') return
    let frame = requestAnimationFrame(function follow() {
      setLit(wordAt(draft, now()))
      frame = requestAnimationFrame(follow)
    })
    return () => cancelAnimationFrame(frame)
  }, [mode, draft])

  const play = async (fromMs: number, next: Mode) => {
    const a = audio.current
    if (!a) return
    a.currentTime = fromMs / 1000
    setMode(next)
    try {
      await a.play()
    } catch {
      setMode('idle')
    }
  }

  const stop = () => {
    audio.current?.pause()
    setMode('idle')
    setLit(-1)
  }

  const record = (from: number) => {
    const { kept, playFromMs } = redoFrom(draft, from)
    setDraft(kept)
    setLit(kept.length - 1)
    void play(playFromMs, 'recording')
    requestAnimationFrame(() => tapButton.current?.focus())
  }

  const onTap = () => {
    if (mode !== 'recording') return
    const next = tap(draft, words.length, now())
    setDraft(next)
    setLit(next.length - 1)
    if (next.length === words.length) {
      onDone(next)
      // Let the last word finish, then stop.
      setTimeout(stop, 800)
    }
  }

  // Space and Enter tap at once on the key going down, not when it comes up as a click would.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== ' ' && e.key !== 'Enter') return
    e.preventDefault()
    if (!e.repeat) onTap()
  }

  const ended = () => {
    setMode('idle')
    setLit(-1)
  }

  const recorded = draft.length
  return (
    <div className="space-y-3">
      <audio ref={audio} src={src} preload="auto" onEnded={ended} className="hidden" />
      <p className="text-sm text-muted">
        {mode === 'recording'
          ? 'Tap the big button (or press Space) as each word begins.'
          : recorded > 0
            ? 'Replay to check. Click a word to redo the timings from it.'
            : 'Press Start: the narration plays, and you tap once per word as it is spoken.'}
      </p>
      <div role="group" aria-label="The page's words" className="rounded-xl bg-cream p-3 text-lg leading-loose">
        {words.map((w, i) => (
          <span key={i}>
            <button
              type="button"
              disabled={mode !== 'idle' || i > recorded}
              onClick={() => record(i)}
              aria-label={`Redo from “${w}”, word ${i + 1}`}
              data-word={i}
              aria-current={i === lit ? 'true' : undefined}
              className={cn(
                'rounded-md px-0.5 transition-colors enabled:cursor-pointer enabled:hover:bg-tiger-100 disabled:cursor-default',
                i < recorded ? 'text-ink' : 'text-muted',
                i === lit && 'bg-sun-300 text-ink shadow-[0_0_0_3px_var(--color-sun-300)]',
                mode === 'recording' && i === recorded && 'underline decoration-tiger-500 decoration-2 underline-offset-4',
              )}
            >
              {w}
            </button>{' '}
          </span>
        ))}
      </div>
      {mode === 'recording' ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            ref={tapButton}
            type="button"
            onPointerDown={onTap}
            onKeyDown={onKey}
            className="flex h-24 min-w-48 flex-1 cursor-pointer touch-manipulation items-center justify-center gap-3 rounded-3xl bg-tiger-700 text-2xl font-bold text-white shadow-[0_5px_0_var(--color-tiger-900)] select-none active:translate-y-0.5"
          >
            <Hand aria-hidden="true" className="size-7" /> Tap
          </button>
          <Button type="button" variant="outline" onClick={stop}>
            <Square aria-hidden="true" /> Stop
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={() => record(0)} disabled={mode !== 'idle'}>
            <Hand aria-hidden="true" /> {recorded > 0 ? 'Record again' : 'Start'}
          </Button>
          {recorded > 0 && recorded < words.length && (
            <Button type="button" variant="outline" size="sm" onClick={() => record(recorded)} disabled={mode !== 'idle'}>
              <Hand aria-hidden="true" /> Go on from word {recorded + 1}
            </Button>
          )}
          {mode === 'replaying' ? (
            <Button type="button" variant="outline" size="sm" onClick={stop}>
              <Square aria-hidden="true" /> Stop
            </Button>
          ) : (
            <Button type="button" variant="outline" size="sm" onClick={() => void play(0, 'replaying')} disabled={recorded === 0}>
              <Play aria-hidden="true" /> Replay
            </Button>
          )}
          <Button type="button" variant="ghost" size="sm" onClick={onClose}>
            <Check aria-hidden="true" /> Done
          </Button>
        </div>
      )}
      <p role="status" className="text-sm font-bold text-muted">
        {recorded === words.length ? `All ${words.length} words timed: save to keep them.` : `${recorded} of ${words.length} words timed.`}
      </p>
    </div>
  )
}
