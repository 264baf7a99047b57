import { useEffect, useRef, useState } from 'react'
import { Pause, Play, Square, Volume2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { CharacterPortrait, type CharacterId } from '@/components/art/characters'
import type { Dream } from '../types'
import { KeepStory } from './keep-story'

/** A dream story to read, print or hear; `onAnother` goes back to the form. */
export function StoryView({ dream, onAnother }: { dream: Dream; onAnother: () => void }) {
  // The story replaces the form or the list it was opened from: bring its title into view and to the screen reader.
  const title = useRef<HTMLHeadingElement>(null)
  useEffect(() => title.current?.focus(), [dream.id])
  return (
    <article className="dream-story mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-sm sm:p-10">
      <div className="dream-story-head flex items-center gap-4">
        <CharacterPortrait id={dream.companion.id as CharacterId} className="size-20 shrink-0" />
        <div>
          <h2 ref={title} tabIndex={-1} className="scroll-mt-24 font-display text-2xl font-bold outline-none sm:text-3xl">
            {dream.title}
          </h2>
          <p className="dream-story-for text-stone-600">A dream story for {dream.kid.name}</p>
        </div>
      </div>
      <div className="dream-story-text mt-6 space-y-4 text-lg leading-relaxed">
        {dream.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <div className="dream-story-actions mt-8 flex flex-wrap gap-3 print:hidden">
        <Button type="button" onClick={onAnother}>Create Another Dream</Button>
        <Button type="button" variant="outline" onClick={() => window.print()}>Print Story</Button>
        <ReadAloud key={dream.id} dream={dream} />
        <KeepStory key={`keep-${dream.id}`} dream={dream} />
      </div>
    </article>
  )
}

/** A calm bedtime pace for the browser's voice (1 is its normal speed). */
const BEDTIME_RATE = 0.85

/**
 * 'Read to me': the browser's own speech synthesis reads the title and the
 * story, with Pause/Resume and Stop. Hidden where the browser has none; stops
 * when the story closes.
 */
function ReadAloud({ dream }: { dream: Dream }) {
  const [state, setState] = useState<'idle' | 'reading' | 'paused'>('idle')
  const speech = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null
  useEffect(() => () => speech?.cancel(), [speech])
  if (!speech) return null

  const read = () => {
    speech.cancel()
    const utterance = new SpeechSynthesisUtterance([dream.title, ...dream.paragraphs].join('\n\n'))
    utterance.rate = BEDTIME_RATE
    utterance.onend = () => setState('idle')
    utterance.onerror = () => setState('idle')
    setState('reading')
    speech.speak(utterance)
  }
  const pause = () => {
    speech.pause()
    setState('paused')
  }
  const resume = () => {
    speech.resume()
    setState('reading')
  }
  const stop = () => {
    speech.cancel()
    setState('idle')
  }

  if (state === 'idle')
    return (
      <Button type="button" variant="outline" onClick={read}>
        <Volume2 aria-hidden="true" /> Read to Me
      </Button>
    )
  return (
    <>
      {state === 'reading' ? (
        <Button type="button" variant="outline" onClick={pause}>
          <Pause aria-hidden="true" /> Pause
        </Button>
      ) : (
        <Button type="button" variant="outline" onClick={resume}>
          <Play aria-hidden="true" /> Resume
        </Button>
      )}
      <Button type="button" variant="outline" onClick={stop}>
        <Square aria-hidden="true" /> Stop Reading
      </Button>
    </>
  )
}
