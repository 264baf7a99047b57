import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { StoryPage, Storybook } from '../types'
import { StoryReader } from './story-reader'

const words = (text: string) => text.split(' ').map((w, i) => `<span class="w" data-w="${i}">${w}</span>`).join(' ')
const page = (id: string, text: string, choices: [string, string][], ending?: string): StoryPage => ({
  id,
  html: `<p>${words(text)}</p>`,
  words: text.split(' ').length,
  choices: choices.map(([label, to]) => ({ label, to })),
  ending,
})

const pages: Record<string, StoryPage> = {
  start: page('start', 'Siso wakes up early.', [['Go outside', 'garden']]),
  garden: page('garden', 'The garden is full of bees.', [['Follow the bees', 'hive']]),
  hive: page('hive', 'The bees share their honey.', [], 'The Honey Feast'),
}

const storybook = (entitled: boolean): Storybook => ({
  id: 7,
  slug: 'our-first-adventure',
  bookId: 3,
  title: 'Our First Adventure',
  start: 'start',
  previewPages: 2,
  preview: ['start', 'garden'],
  endings: 6,
  entitled,
  map: entitled ? [{ id: 'start', choices: ['garden'] }, { id: 'garden', choices: ['hive'] }, { id: 'hive', choices: [], ending: 'The Honey Feast' }] : null,
})

let requests: { method: string; url: string; body?: unknown }[] = []

function serve(entitled: boolean) {
  requests = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET'
      requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined })
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
      const pageId = /\/pages\/([^/]+)$/.exec(url)?.[1]
      if (pageId) return json(pages[pageId])
      if (url.includes('/progress')) {
        if (method === 'PUT') return json({ reader: 'kid-1', ...(requests.at(-1)!.body as object) })
        return json({ reader: 'kid-1', page: 'start', visited: ['start'], endings: ['elsewhere'], updatedAt: '2026-01-01T00:00:00Z' })
      }
      return json(storybook(entitled))
    }),
  )
}

function renderReader(userId: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StoryReader slug="our-first-adventure" userId={userId} kid={false} notFound={<p>Not found</p>} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** A turn shows the new page first, then moves focus to its heading (and says it) once it is painted. */
async function focusMovesTo(heading: string) {
  const shown = await screen.findByRole('heading', { name: heading })
  await waitFor(() => expect(shown).toHaveFocus())
}

// Each test turns several pages in jsdom: slow on a busy machine, so it may take longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 })

beforeEach(() => window.sessionStorage.clear())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

it('reads the preview page by page, with the next page asked for ahead, and asks to buy beyond it without asking the server', async () => {
  serve(false)
  renderReader()
  expect(await screen.findByText('wakes')).toBeVisible()
  // The page the choice leads to is fetched while the child reads this one.
  await waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/storybooks/our-first-adventure/pages/garden'))

  await userEvent.click(screen.getByRole('button', { name: 'Go outside' }))
  await focusMovesTo('Page 2')
  expect(screen.getByText('Page 2', { selector: '[aria-live]' })).toBeInTheDocument()

  await userEvent.click(screen.getByRole('button', { name: 'Follow the bees' }))
  await focusMovesTo('The rest of this story is waiting in the full book')
  expect(screen.getByRole('link', { name: /Get the full book/ })).toHaveAttribute('href', '/books/3')
  expect(screen.getByRole('link', { name: /log in/ })).toHaveAttribute('href', '/login')
  expect(requests.some((r) => r.url.endsWith('/pages/hive'))).toBe(false)

  await userEvent.click(screen.getByRole('button', { name: /Back to the story/ }))
  await focusMovesTo('Page 2')
})

it("reads a family's whole story as the chosen reader, saves each page turned to, and counts the endings found", async () => {
  window.sessionStorage.setItem('storybookReader', 'kid-1')
  serve(true)
  renderReader('user-1')
  await userEvent.click(await screen.findByRole('button', { name: 'Go outside' }))
  await userEvent.click(await screen.findByRole('button', { name: 'Follow the bees' }))
  expect(await screen.findByText('The Honey Feast', { selector: 'p' })).toBeVisible()
  // This ending and the one found before.
  expect(screen.getByText('You found 2 of 6 endings')).toBeVisible()

  await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2))
  const saves = requests.filter((r) => r.method === 'PUT')
  expect(saves[0].url).toBe('/api/library/7/progress?reader=kid-1')
  expect(saves[1].body).toMatchObject({ page: 'hive', visited: ['start', 'garden', 'hive'], endings: ['elsewhere', 'hive'] })

  await userEvent.click(screen.getAllByRole('button', { name: /Start again/ })[0])
  await focusMovesTo('Page 1')
})
