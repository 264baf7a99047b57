import { Square, Volume2 } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import type { Highlight, StoryPage } from './page-view'
import { canSpeak, playNarration, speak } from './read-aloud'

type Page = Pick<StoryPage, 'id' | 'html' | 'narration' | 'timings'>

/**
 * "Read to me" on the page shown: started and stopped by the reader,
 * stopped when the page turns. The reader and the back office's "Read it"
 * share it, so an author hears the page as a child will.
 */
export function useReadAloud(page: Page | undefined) {
  const [reading, setReading] = useState(false)
  const [highlight, setHighlight] = useState<Highlight>(null)
  const [message, setMessage] = useState('')
  const stopping = useRef<() => void>(() => {})
  const stop = useCallback(() => {
    stopping.current()
    stopping.current = () => {}
    setReading(false)
    setHighlight(null)
  }, [])
  useEffect(() => stop, [page?.id, stop])
  const start = useCallback(() => {
    if (!page) return
    stop()
    setMessage('')
    const listener = {
      onHighlight: setHighlight,
      onEnd: (failed: boolean) => {
        stop()
        if (failed) setMessage('Sorry, the reading could not be played. Please try again.')
      },
    }
    if (page.narration) stopping.current = playNarration(page.narration, page.timings ?? [], listener)
    else if (canSpeak()) stopping.current = speak(page.html, listener)
    else return setMessage('This browser cannot read aloud. A grown-up can read this page with you!')
    setReading(true)
  }, [page, stop])
  return { reading, highlight, message, start, stop }
}

export type ReadAloud = ReturnType<typeof useReadAloud>

/** The "Read to me" / "Stop reading" button of a useReadAloud. */
export function ReadToMeButton({ aloud, disabled, size }: { aloud: ReadAloud; disabled?: boolean; size?: 'sm' }) {
  return (
    <Button type="button" variant="secondary" size={size} onClick={aloud.reading ? aloud.stop : aloud.start} disabled={disabled}>
      {aloud.reading ? (
        <>
          <Square aria-hidden="true" /> Stop reading
        </>
      ) : (
        <>
          <Volume2 aria-hidden="true" /> Read to me
        </>
      )}
    </Button>
  )
}
