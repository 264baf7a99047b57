import { act, cleanup, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { KID_MODE_KEY, isKidModeOn, isKidPath, markPageBeforeHydration, setKidMode } from './store'
import { useKidMode } from './use-kid-mode'

function Show() {
  return <p>{useKidMode() ? 'kid mode' : 'shop'}</p>
}

afterEach(() => {
  cleanup()
  localStorage.clear()
  document.documentElement.removeAttribute('data-kid-mode')
  document.documentElement.removeAttribute('data-kid-away')
  window.history.replaceState(null, '', '/')
})

describe('kid mode store', () => {
  it('is off on a new device', () => {
    expect(isKidModeOn()).toBe(false)
    render(<Show />)
    expect(screen.getByText('shop')).toBeInTheDocument()
  })

  it('keeps kid mode in localStorage and on the html element, and tells the app', () => {
    render(<Show />)
    act(() => setKidMode(true))
    expect(localStorage.getItem(KID_MODE_KEY)).toBe('on')
    expect(document.documentElement).toHaveAttribute('data-kid-mode')
    expect(screen.getByText('kid mode')).toBeInTheDocument()

    act(() => setKidMode(false))
    expect(localStorage.getItem(KID_MODE_KEY)).toBeNull()
    expect(document.documentElement).not.toHaveAttribute('data-kid-mode')
    expect(screen.getByText('shop')).toBeInTheDocument()
  })

  it('survives a reload: a new page reads it back', () => {
    setKidMode(true)
    render(<Show />)
    expect(screen.getByText('kid mode')).toBeInTheDocument()
  })

  it('follows another tab', () => {
    render(<Show />)
    act(() => {
      localStorage.setItem(KID_MODE_KEY, 'on') // as the other tab writes it
      window.dispatchEvent(new StorageEvent('storage', { key: KID_MODE_KEY, newValue: 'on' }))
    })
    expect(screen.getByText('kid mode')).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('data-kid-mode')

    act(() => {
      localStorage.clear()
      window.dispatchEvent(new StorageEvent('storage', { key: null }))
    })
    expect(screen.getByText('shop')).toBeInTheDocument()
    expect(document.documentElement).not.toHaveAttribute('data-kid-mode')
  })

  it('is off in the server render, whatever the device says (the page is rendered for everyone)', () => {
    setKidMode(true)
    expect(renderToString(<Show />)).toContain('shop')
  })

  it('marks the page before hydration, and a grown-up page as away', () => {
    setKidMode(true)
    document.documentElement.removeAttribute('data-kid-mode')
    window.history.replaceState(null, '', '/books')
    markPageBeforeHydration()
    expect(document.documentElement).toHaveAttribute('data-kid-mode')
    expect(document.documentElement).toHaveAttribute('data-kid-away')

    window.history.replaceState(null, '', '/games/find-objects')
    markPageBeforeHydration()
    expect(document.documentElement).not.toHaveAttribute('data-kid-away')
  })
})

describe('isKidPath', () => {
  it.each(['/activities', '/games/find-objects', '/games/find-differences', '/dreamaker', '/dreamaker/', '/library', '/read/our-first-adventure'])('lets a child be on %s', (path) => {
    expect(isKidPath(path)).toBe(true)
  })
  it.each(['/', '/books', '/books/3', '/cart', '/checkout', '/profile', '/login', '/games/find-objects/config', '/admin', '/read', '/read/', '/read/a/b', '/libraryx'])('keeps a child off %s', (path) => {
    expect(isKidPath(path)).toBe(false)
  })
})
