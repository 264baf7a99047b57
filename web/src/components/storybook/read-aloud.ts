import type { Highlight } from '@/components/storybook/page-view'

/**
 * "Read to me": the page's narration with each word lit by its timings,
 * or, without narration, the browser's own voice, lit by the words or
 * sentences it reports reaching (its boundary events; where a browser
 * reports none, the page is read without lighting). Each returns a stop.
 */

export type Listener = { onHighlight: (h: Highlight) => void; onEnd: (failed: boolean) => void }

/** The word a narration has reached at `ms`: the last whose timing has come (-1 before the first). */
export function wordAt(timings: readonly number[], ms: number): number {
  let lo = 0
  let hi = timings.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (timings[mid] <= ms) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

export function playNarration(url: string, timings: readonly number[], listener: Listener): () => void {
  const audio = new Audio(url)
  let frame = 0
  let last = -2
  const follow = () => {
    const word = wordAt(timings, audio.currentTime * 1000)
    if (word !== last) listener.onHighlight(word < 0 ? null : { from: word, to: word })
    last = word
    frame = requestAnimationFrame(follow)
  }
  const stop = () => {
    cancelAnimationFrame(frame)
    audio.pause()
  }
  audio.addEventListener('ended', () => {
    stop()
    listener.onEnd(false)
  })
  audio.play().then(
    () => {
      if (timings.length > 0) frame = requestAnimationFrame(follow)
    },
    () => {
      stop()
      listener.onEnd(true)
    },
  )
  return stop
}

/** The page's words as the voice is given them, and where each starts in that text. */
export function wordsOf(html: string): { text: string; starts: number[] } {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const words = [...doc.querySelectorAll('span.w[data-w]')].map((span) => span.textContent ?? '')
  const starts: number[] = []
  let text = ''
  for (const word of words) {
    if (text) text += ' '
    starts.push(text.length)
    text += word
  }
  return { text, starts }
}

/** The words a boundary event at `charIndex` is about: one word, or the sentence it begins. */
export function boundaryWords(words: { text: string; starts: number[] }, charIndex: number, kind: string): Highlight {
  const first = wordAt(words.starts, charIndex)
  if (first < 0) return null
  if (kind !== 'sentence') return { from: first, to: first }
  let last = first
  while (last < words.starts.length - 1 && !/[.!?]["'”’)]*$/.test(wordText(words, last))) last++
  return { from: first, to: last }
}

function wordText(words: { text: string; starts: number[] }, i: number): string {
  const end = i + 1 < words.starts.length ? words.starts[i + 1] - 1 : words.text.length
  return words.text.slice(words.starts[i], end)
}

export const canSpeak = () => typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window

export function speak(html: string, listener: Listener): () => void {
  const words = wordsOf(html)
  const utterance = new SpeechSynthesisUtterance(words.text)
  utterance.lang = 'en-US'
  utterance.rate = 0.9 // a little slower, for young listeners
  let stopped = false
  utterance.onboundary = (event) => {
    if (!stopped) listener.onHighlight(boundaryWords(words, event.charIndex, event.name))
  }
  utterance.onend = () => {
    if (!stopped) listener.onEnd(false)
  }
  utterance.onerror = (event) => {
    // Cancelling (our own stop) reports an error too: only another one is a failure.
    if (!stopped) listener.onEnd(event.error !== 'canceled' && event.error !== 'interrupted')
  }
  window.speechSynthesis.cancel()
  window.speechSynthesis.speak(utterance)
  return () => {
    stopped = true
    window.speechSynthesis.cancel()
  }
}
