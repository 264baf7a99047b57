import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render as renderDom, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Dream } from '../types'
import { StoryView } from './story-view'

const dream: Dream = {
  id: 'd1',
  title: 'Theo and the Sleepy Lizard',
  paragraphs: ['Once upon a time, Theo found a lizard.', 'They both fell asleep.'],
  kid: { id: 'k1', name: 'Theo', age: 6 },
  companion: { id: 'lizzie', name: 'Lizzie', label: 'Lizzie the Lizard' },
  created_at: '2026-11-23T20:00:00Z',
}

/** The story view keeps a story through the API ("Keep this story"), so it needs a query client. */
const render = (ui: ReactElement) => renderDom(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>)

// jsdom has no speech synthesis: each test brings its own, or none.
class FakeUtterance {
  rate = 1
  onend: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor(public text: string) {}
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('Read to Me', () => {
  it('is not offered where the browser cannot speak', () => {
    render(<StoryView dream={dream} onAnother={() => {}} />)
    expect(screen.queryByRole('button', { name: /Read to Me/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Print Story' })).toBeInTheDocument()
  })

  it('reads the title and story at a bedtime pace, pauses, resumes and stops', async () => {
    const spoken: FakeUtterance[] = []
    const speechSynthesis = { speak: vi.fn((u: FakeUtterance) => spoken.push(u)), cancel: vi.fn(), pause: vi.fn(), resume: vi.fn() }
    vi.stubGlobal('speechSynthesis', speechSynthesis)
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance)
    render(<StoryView dream={dream} onAnother={() => {}} />)

    await userEvent.click(screen.getByRole('button', { name: /Read to Me/ }))
    expect(spoken).toHaveLength(1)
    expect(spoken[0].text).toBe(`${dream.title}\n\n${dream.paragraphs.join('\n\n')}`)
    expect(spoken[0].rate).toBeLessThan(1)

    await userEvent.click(screen.getByRole('button', { name: /Pause/ }))
    expect(speechSynthesis.pause).toHaveBeenCalledOnce()
    await userEvent.click(screen.getByRole('button', { name: /Resume/ }))
    expect(speechSynthesis.resume).toHaveBeenCalledOnce()

    const cancelsBefore = speechSynthesis.cancel.mock.calls.length
    await userEvent.click(screen.getByRole('button', { name: /Stop Reading/ }))
    expect(speechSynthesis.cancel.mock.calls.length).toBe(cancelsBefore + 1)
    expect(screen.getByRole('button', { name: /Read to Me/ })).toBeInTheDocument()
  })
})
