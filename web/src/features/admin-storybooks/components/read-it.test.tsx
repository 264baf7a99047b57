import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import type { AdminStorybook } from '../types'
import { ReadIt } from './read-it'

// The dialog renders the reader's page view: slow on a busy machine, so each test may take longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 })

beforeAll(() => {
  // jsdom has no modal dialogs; the browser's own are checked end to end (e2e/storybooks-editor.spec.ts).
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const story: AdminStorybook = {
  id: 7,
  bookId: 3,
  slug: 'our-first-adventure',
  title: 'Our First Adventure',
  status: 'draft',
  version: 2,
  start: 'start',
  previewPages: 3,
  report: { paths: 1, endings: 1, problems: [] },
  pages: [
    {
      id: 'start',
      text: 'Siso wakes up.',
      html: '<p><span class="w" data-w="0">Siso</span> <span class="w" data-w="1">wakes</span> <span class="w" data-w="2">up.</span></p>',
      words: 3,
      narration: '/storybooks/media/ab.mp3',
      timings: [0, 400, 800],
      choices: [{ label: 'Go home', to: 'home' }],
    },
    { id: 'home', text: 'Home.', html: '<p><span class="w" data-w="0">Home.</span></p>', words: 1, ending: 'Home Again', choices: [] },
  ],
}

/** The narration as the page plays it: at 0.5 s in, and paused when stopped. */
class FakeAudio {
  static made: FakeAudio[] = []
  currentTime = 0.5
  paused = false
  constructor(public src: string) {
    FakeAudio.made.push(this)
  }
  play() {
    return Promise.resolve()
  }
  pause() {
    this.paused = true
  }
  addEventListener() {}
}

it("reads the page to the author as the reader does: the saved narration, each word lit by its timing, stopped on a turn", async () => {
  vi.stubGlobal('Audio', FakeAudio)
  const user = userEvent.setup()
  render(<ReadIt story={story} from="start" onClose={() => {}} />)
  await user.click(screen.getByRole('button', { name: 'Read to me' }))
  expect(FakeAudio.made.map((a) => a.src)).toEqual(['/storybooks/media/ab.mp3'])
  await waitFor(() => expect(screen.getByText('wakes')).toHaveClass('is-read'))
  expect(screen.getByText('Siso')).not.toHaveClass('is-read')

  await user.click(screen.getByRole('button', { name: 'Go home' }))
  expect(FakeAudio.made[0].paused).toBe(true)
  expect(screen.getByRole('button', { name: 'Read to me' })).toBeEnabled()
})

it('says so when the browser has no voice (jsdom has none) and the page no narration', async () => {
  const user = userEvent.setup()
  render(<ReadIt story={{ ...story, start: 'home' }} from="home" onClose={() => {}} />)
  await user.click(screen.getByRole('button', { name: 'Read to me' }))
  expect(screen.getByRole('status')).toHaveTextContent('This browser cannot read aloud. A grown-up can read this page with you!')
})
