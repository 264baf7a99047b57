import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm, useWatch } from 'react-hook-form'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { Form } from '@/components/ui/form'
import type { StoryValues } from '../story-form'
import type { StoryPage } from '../types'
import { TimingsRecorder } from './timings-recorder'

// A busy machine may take longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 })

// jsdom plays no audio: the narration's clock is this variable, moved by the test.
let now = 0
beforeEach(() => {
  now = 0
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined)
  Object.defineProperty(HTMLMediaElement.prototype, 'currentTime', { configurable: true, get: () => now / 1000, set: (s: number) => (now = s * 1000) })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const saved: StoryPage = {
  id: 'start',
  text: 'Siso wakes up.',
  html: '<p><span class="w" data-w="0">Siso</span> <span class="w" data-w="1">wakes</span> <span class="w" data-w="2">up.</span></p>',
  words: 3,
  narration: '/storybooks/media/a.mp3',
  choices: [],
}

function Page() {
  const form = useForm<StoryValues>({
    defaultValues: {
      title: 'T',
      start: 'k',
      previewPages: '3',
      pages: [{ key: 'k', id: 'start', text: saved.text, picture: '', alt: '', narration: saved.narration!, timings: [], isEnding: false, ending: '', choices: [] }],
    },
  })
  const timings = useWatch({ control: form.control, name: 'pages.0.timings' })
  return (
    <Form {...form}>
      <TimingsRecorder index={0} saved={saved} />
      <output aria-label="Saved with the page">{timings.join(' ')}</output>
    </Form>
  )
}

const at = (ms: number) => (now = ms)
/** The page's timings in the form, as a save would send them. */
const kept = () => screen.getByRole('status', { name: 'Saved with the page' }).textContent

it('records a tap per word as the narration plays, lights the word tapped, and keeps whole timings in the page', async () => {
  const user = userEvent.setup()
  render(<Page />)
  expect(screen.getByText('Not timed yet')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Record word timings' }))
  await user.click(screen.getByRole('button', { name: 'Start' }))
  const tapButton = await screen.findByRole('button', { name: 'Tap' })

  at(120)
  fireEvent.pointerDown(tapButton)
  expect(screen.getByRole('button', { name: 'Redo from “Siso”, word 1' })).toHaveAttribute('aria-current', 'true')
  at(610)
  fireEvent.keyDown(tapButton, { key: ' ' }) // Space taps as the key goes down
  expect(screen.getByRole('button', { name: 'Redo from “wakes”, word 2' })).toHaveAttribute('aria-current', 'true')
  expect(kept()).toBe('')
  at(1004)
  fireEvent.pointerDown(tapButton)
  expect(kept()).toBe('120 610 1004')
  expect(screen.getByText('All 3 words timed')).toBeInTheDocument()
})

it('redoes the timings from a word: those before it are kept', async () => {
  const user = userEvent.setup()
  render(<Page />)
  await user.click(screen.getByRole('button', { name: 'Record word timings' }))
  await user.click(screen.getByRole('button', { name: 'Start' }))
  for (const ms of [0, 2000, 4000]) {
    at(ms)
    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Tap' }))
  }
  await act(() => new Promise((r) => setTimeout(r, 900))) // the recording stops after the last word
  await user.click(screen.getByRole('button', { name: 'Redo from “up.”, word 3' }))
  // It plays from a little before the word redone.
  expect(now).toBe(2500)
  at(3700)
  fireEvent.pointerDown(await screen.findByRole('button', { name: 'Tap' }))
  expect(kept()).toBe('0 2000 3700')
})
