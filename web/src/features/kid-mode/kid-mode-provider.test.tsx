import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GATE_TRIES } from './gate'
import { KidModeProvider, useLeaveKidMode } from './kid-mode-provider'
import { numberInWords } from './number-words'
import { isKidModeOn, setKidMode } from './store'
import { useKidMode } from './use-kid-mode'

beforeAll(() => {
  // jsdom has no modal dialogs; the browser's own are checked end to end (e2e/kid-mode.spec.ts).
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})

afterEach(() => {
  cleanup()
  localStorage.clear()
  setKidMode(false)
})

const grownUpAction = vi.fn()

function Game() {
  const leave = useLeaveKidMode()
  return (
    <>
      <h1>Clean Up The Forest!</h1>
      <Link to="/books">Books</Link>
      <Link to="/activities">All games</Link>
      <a href="https://example.com/elsewhere">Elsewhere</a>
      <button type="button" data-grown-up onClick={grownUpAction}>
        Delete the story
      </button>
      <button type="button" onClick={leave}>
        Leave kid mode
      </button>
      <p>{useKidMode() ? 'kid mode is on' : 'kid mode is off'}</p>
    </>
  )
}

function showGame() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <KidModeProvider>
            <main id="main" tabIndex={-1}>
              <Outlet />
            </main>
          </KidModeProvider>
        ),
        children: [
          { path: '/games/find-objects', element: <Game /> },
          { path: '/activities', element: <h1>Activities</h1> },
          { path: '/books', element: <h1>All Books</h1> },
        ],
      },
    ],
    { initialEntries: ['/games/find-objects'] },
  )
  render(<RouterProvider router={router} />)
  return { user: userEvent.setup(), router }
}

/** The number the gate asks for, read from its question as a grown-up would. */
function askedNumber(): number {
  const label = screen.getByLabelText(/^Type the number/)
  const words = document.querySelector(`label[for="${label.id}"]`)?.textContent?.match(/^Type the number (.+) in digits$/)?.[1]
  const n = Array.from({ length: 1000 }, (_, i) => i).find((i) => numberInWords(i) === words)
  if (n === undefined) throw new Error(`no number reads "${words}"`)
  return n
}

const gate = () => screen.queryByRole('dialog', { name: 'Grown-ups only' })

describe('kid mode and the parent gate', () => {
  it('lets links through when kid mode is off', async () => {
    const { user, router } = showGame()
    await user.click(screen.getByRole('link', { name: 'Books' }))
    expect(gate()).toBeNull()
    expect(router.state.location.pathname).toBe('/books')
  })

  it('lets a child go between the children’s pages', async () => {
    setKidMode(true)
    const { user, router } = showGame()
    await user.click(screen.getByRole('link', { name: 'All games' }))
    expect(gate()).toBeNull()
    expect(router.state.location.pathname).toBe('/activities')
  })

  it('holds a link to the shop for a grown-up: Escape cancels, a wrong answer is refused, the right one leaves kid mode and goes on', async () => {
    setKidMode(true)
    const { user, router } = showGame()

    await user.click(screen.getByRole('link', { name: 'Books' }))
    expect(gate()).toBeInTheDocument()
    expect(gate()).toHaveAccessibleDescription(/leave it and open the shop/)
    expect(screen.getByLabelText(/^Type the number/)).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(gate()).toBeNull()
    expect(router.state.location.pathname).toBe('/games/find-objects')
    expect(screen.getByRole('link', { name: 'Books' })).toHaveFocus()

    await user.click(screen.getByRole('link', { name: 'Books' }))
    const first = askedNumber()
    await user.type(screen.getByLabelText(/^Type the number/), String(first === 999 ? 998 : first + 1))
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('alert')).toHaveTextContent(`That is not the number. Here is a new one: ${GATE_TRIES - 1} tries left.`)
    expect(router.state.location.pathname).toBe('/games/find-objects')
    expect(isKidModeOn()).toBe(true)

    await user.type(screen.getByLabelText(/^Type the number/), `${askedNumber()}{Enter}`)
    expect(gate()).toBeNull()
    expect(isKidModeOn()).toBe(false)
    expect(router.state.location.pathname).toBe('/books')
  })

  it('keeps Tab inside the gate', async () => {
    setKidMode(true)
    const { user } = showGame()
    await user.click(screen.getByRole('button', { name: 'Leave kid mode' }))
    const answer = screen.getByLabelText(/^Type the number/)
    expect(answer).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus()
    await user.tab()
    expect(answer).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus()
  })

  it('asks before a grown-up button acts, then makes its click once', async () => {
    setKidMode(true)
    grownUpAction.mockClear()
    const { user } = showGame()
    await user.click(screen.getByRole('button', { name: 'Delete the story' }))
    expect(grownUpAction).not.toHaveBeenCalled()
    expect(gate()).toHaveAccessibleDescription(/changes your account/)
    await user.type(screen.getByLabelText(/^Type the number/), `${askedNumber()}{Enter}`)
    expect(grownUpAction).toHaveBeenCalledTimes(1)
    expect(isKidModeOn()).toBe(true) // the grown-up did one thing; the child plays on
  })

  it('asks before a link out of the shop', async () => {
    setKidMode(true)
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, origin: window.location.origin, assign })
    const { user } = showGame()
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(gate()).toHaveAccessibleDescription(/leads out of Siso & Friends/)
    await user.type(screen.getByLabelText(/^Type the number/), `${askedNumber()}{Enter}`)
    expect(assign).toHaveBeenCalledWith('https://example.com/elsewhere')
    vi.restoreAllMocks()
  })

  it('locks after too many wrong answers, also after a reload, until the lock runs out', async () => {
    setKidMode(true)
    const { user } = showGame()
    await user.click(screen.getByRole('button', { name: 'Leave kid mode' }))
    for (let i = 0; i < GATE_TRIES; i++) {
      await user.type(screen.getByLabelText(/^Type the number/), '1{Enter}')
    }
    expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong answers')
    expect(screen.queryByLabelText(/^Type the number/)).toBeNull()
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()

    // A reload: the page starts again, the lock does not.
    cleanup()
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    try {
      const again = showGame()
      await again.user.click(screen.getByRole('button', { name: 'Leave kid mode' }))
      expect(screen.getByText('Too many wrong answers. The question is locked for a little while.')).toBeInTheDocument()
      expect(screen.getByText(/^Try again in \d+ seconds\.$/)).toBeInTheDocument()

      // A minute later the question is back.
      vi.setSystemTime(Date.now() + 60_000)
      act(() => vi.advanceTimersByTime(1000))
      expect(screen.getByLabelText(/^Type the number/)).toBeInTheDocument()
      expect(screen.queryByText(/Too many wrong answers/)).toBeNull()
    } finally {
      vi.useRealTimers()
    }
    expect(screen.getByText('kid mode is on')).toBeInTheDocument()
  })
})
