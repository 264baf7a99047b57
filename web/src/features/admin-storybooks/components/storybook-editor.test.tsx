import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { AdminStorybook, StorybookSave } from '../types'
import { StorybookEditor } from './storybook-editor'

// A whole editor renders per keystroke in jsdom: slow on a busy machine, so each test may take longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 })

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

const deadEnd = 'This page has no choices and is not an ending.'

/** Version 3 of a draft: start leads to river and hill; hill is a dead end. */
function story(version = 3, title = 'Our First Adventure'): AdminStorybook {
  return {
    id: 7,
    bookId: 3,
    slug: 'our-first-adventure',
    title,
    status: 'draft',
    version,
    start: 'start',
    previewPages: 3,
    report: { paths: 1, endings: 1, problems: [{ page: 'hill', message: deadEnd }] },
    pages: [
      { id: 'start', text: 'Siso wakes up.', html: '<p><span class="w" data-w="0">Siso</span></p>', words: 3, choices: [{ label: 'To the river', to: 'river' }, { label: 'Up the hill', to: 'hill' }] },
      { id: 'river', text: 'Splash!', html: '<p>Splash!</p>', words: 1, ending: 'A Wet Nose', choices: [] },
      { id: 'hill', text: 'So windy.', html: '<p>So windy.</p>', words: 2, choices: [] },
    ],
  }
}

type Reply = { status: number; body: unknown }
let replies: Record<string, Reply[]>
let sent: { method: string; url: string; body: unknown; headers: Record<string, string> }[]

beforeEach(() => {
  replies = { 'GET /api/admin/storybooks/7': [{ status: 200, body: story() }] }
  sent = []
  // Radix's switch measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET'
      sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null, headers: (init.headers ?? {}) as Record<string, string> })
      const queue = replies[`${method} ${url}`] ?? []
      const reply = queue.length > 1 ? queue.shift()! : queue[0]
      if (!reply) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 })
      return new Response(JSON.stringify(reply.body), { status: reply.status })
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  toast.success.mockClear()
  toast.error.mockClear()
})

function renderEditor() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <StorybookEditor id={7} canGrant />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return screen.findByRole('form', { name: 'Edit Our First Adventure' })
}

const puts = () => sent.filter((s) => s.method === 'PUT').map((s) => s.body as StorybookSave)

it('draws the map with the start, the ending and the dead end in red with its words, and lists the problem', async () => {
  await renderEditor()
  const map = screen.getByTestId('story-map')
  const box = (id: string) => map.querySelector(`[data-page="${id}"]`)!
  expect(box('start').getAttribute('data-state')).toContain('start')
  expect(box('river').getAttribute('data-state')).toContain('ending')
  expect(box('hill').getAttribute('data-state')).toContain('problem')
  expect(box('hill').querySelector('rect')?.getAttribute('class')).toContain('stroke-red-600')
  expect(box('hill').textContent).toContain('This page has no choices')
  expect(map.querySelectorAll('[data-arrow]')).toHaveLength(2)
  // The same for a screen reader, in words.
  expect(screen.getByRole('list', { name: 'Map of Our First Adventure' })).toHaveTextContent(`hill. No choices. Problem: ${deadEnd}`)

  // The problem names its page, and shows it in the editor.
  const problems = screen.getByRole('region', { name: 'To fix before publishing' })
  await userEvent.click(within(problems).getByRole('button', { name: 'hill' }))
  expect(screen.getByRole('heading', { name: 'Page hill' })).toBeInTheDocument()
})

it('adds a choice to a new page and saves the whole storybook on its version', async () => {
  const user = userEvent.setup()
  await renderEditor()
  await user.click(within(screen.getByTestId('story-map')).getByText('hill'))
  await user.click(screen.getByRole('button', { name: 'Add a choice' }))
  await user.click(screen.getByLabelText('Choice 1'))
  await user.paste('Fly the kite')
  await user.selectOptions(screen.getByLabelText('Leads to'), 'New page')
  // The new page is on the map and can be opened and written.
  await user.click(screen.getByRole('button', { name: 'Go to page' }))
  expect(screen.getByRole('heading', { name: 'Page page-4' })).toBeInTheDocument()
  await user.clear(screen.getByLabelText('Page name'))
  await user.type(screen.getByLabelText('Page name'), 'kite')
  await user.click(screen.getByLabelText('Text'))
  await user.paste('Up, up and away!')
  await user.click(screen.getByRole('switch'))
  await user.click(screen.getByLabelText("Ending's name"))
  await user.paste('The Great Kite Ride')

  const saved = story(4)
  saved.pages[2].choices = [{ label: 'Fly the kite', to: 'kite' }]
  saved.pages.push({ id: 'kite', text: 'Up, up and away!', html: '', words: 4, ending: 'The Great Kite Ride', choices: [] })
  saved.report = { paths: 2, endings: 2, problems: [] }
  replies['PUT /api/admin/storybooks/7'] = [{ status: 200, body: saved }]
  await user.click(screen.getByRole('button', { name: 'Save' }))

  await waitFor(() => expect(puts()).toHaveLength(1))
  const [body] = puts()
  expect(body.version).toBe(3)
  expect(body.pages.find((p) => p.id === 'hill')?.choices).toEqual([{ label: 'Fly the kite', to: 'kite' }])
  expect(body.pages.find((p) => p.id === 'kite')).toEqual({ id: 'kite', text: 'Up, up and away!', ending: 'The Great Kite Ride', choices: [] })
  await waitFor(() => expect(screen.queryByRole('region', { name: 'To fix before publishing' })).not.toBeInTheDocument())
  expect(screen.getByTestId('story-map').querySelector('[data-page="hill"]')?.getAttribute('data-state')).not.toContain('problem')
})

it("puts the server's field messages on the page they name", async () => {
  const user = userEvent.setup()
  await renderEditor()
  await user.type(screen.getByLabelText('Title'), '!')
  replies['PUT /api/admin/storybooks/7'] = [{ status: 400, body: { error: { code: 'invalid', message: 'Check the pages.', fields: { 'pages.hill.text': 'Write at most 600 words on a page.' } } } }]
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Write at most 600 words on a page.')).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Page hill' })).toBeInTheDocument()
  expect(screen.getByLabelText('Text')).toHaveAttribute('aria-invalid', 'true')
})

it('keeps the edits through a stale save: Reload shows the newer version, and they can be applied again', async () => {
  const user = userEvent.setup()
  await renderEditor()
  const title = screen.getByLabelText('Title')
  await user.clear(title)
  await user.click(title)
  await user.paste('Siso and the Wind')
  replies['PUT /api/admin/storybooks/7'] = [{ status: 409, body: { error: { code: 'conflict', message: 'Someone else saved this storybook after you opened it.' } } }]
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Someone else saved this storybook after you opened it.')).toBeInTheDocument()

  replies['GET /api/admin/storybooks/7'] = [{ status: 200, body: story(5, 'Our Second Adventure') }]
  await user.click(screen.getByRole('button', { name: 'Reload' }))
  expect(await screen.findByText('This is the newer version. Your changes were not saved: Title.')).toBeInTheDocument()
  expect(screen.getByLabelText('Title')).toHaveValue('Our Second Adventure')
  await act(() => user.click(screen.getByRole('button', { name: 'Apply my changes again' })))
  expect(screen.getByLabelText('Title')).toHaveValue('Siso and the Wind')

  replies['PUT /api/admin/storybooks/7'] = [{ status: 200, body: story(6, 'Siso and the Wind') }]
  await user.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(puts()).toHaveLength(2))
  expect(puts()[1]).toMatchObject({ version: 5, title: 'Siso and the Wind' })
})

it("applies my pages again page by page: the other person's pages stay, a page both changed is named", async () => {
  const user = userEvent.setup()
  await renderEditor()
  expect(screen.getByRole('heading', { name: 'Page start' })).toBeInTheDocument()
  const text = screen.getByLabelText('Text')
  await user.clear(text)
  await user.click(text)
  await user.paste('Siso wakes up early.')
  replies['PUT /api/admin/storybooks/7'] = [{ status: 409, body: { error: { code: 'conflict', message: 'Someone else saved this storybook after you opened it.' } } }]
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Someone else saved this storybook after you opened it.')).toBeInTheDocument()

  const newer = story(5)
  newer.pages[0] = { ...newer.pages[0], text: 'Siso wakes up with the sun.' }
  newer.pages[2] = { ...newer.pages[2], text: 'The wind sings.' }
  replies['GET /api/admin/storybooks/7'] = [{ status: 200, body: newer }]
  await user.click(screen.getByRole('button', { name: 'Reload' }))
  expect(await screen.findByText('This is the newer version. Your changes were not saved: Pages.')).toBeInTheDocument()
  await act(() => user.click(screen.getByRole('button', { name: 'Apply my changes again' })))
  expect(screen.getByRole('alert')).toHaveTextContent('Page start: changed by both of you')

  replies['PUT /api/admin/storybooks/7'] = [{ status: 200, body: story(6) }]
  await user.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(puts()).toHaveLength(2))
  expect(puts()[1].version).toBe(5)
  expect(puts()[1].pages.map((p) => p.text)).toEqual(['Siso wakes up early.', 'Splash!', 'The wind sings.'])
})

it('publishes what is saved, and shows the problems the server refuses it for', async () => {
  const user = userEvent.setup()
  await renderEditor()
  const problems = [
    { page: 'hill', message: deadEnd },
    { page: '', message: 'A storybook has 4 to 8 paths to an ending; this one has 1.' },
  ]
  replies['POST /api/admin/storybooks/7/publish'] = [{ status: 422, body: { error: { code: 'unpublishable', message: 'Fix these problems first.', problems } } }]
  await user.click(screen.getByRole('button', { name: 'Publish' }))
  expect(await screen.findByText(': A storybook has 4 to 8 paths to an ending; this one has 1.', { exact: false })).toBeInTheDocument()
  expect(sent.find((s) => s.url.endsWith('/publish'))?.body).toEqual({ version: 3 })
  expect(toast.error).toHaveBeenCalledWith('Not published', { description: 'Fix these problems first.' })

  // With unsaved changes it says to save first, and sends nothing.
  await user.type(screen.getByLabelText('Title'), '!')
  await user.click(screen.getByRole('button', { name: 'Publish' }))
  expect(toast.error).toHaveBeenCalledWith('Save first', expect.anything())
  expect(sent.filter((s) => s.url.endsWith('/publish'))).toHaveLength(1)
})
