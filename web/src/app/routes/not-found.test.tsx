import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, it, vi } from 'vitest'
import NotFoundPage from './not-found'

afterEach(() => vi.restoreAllMocks())

const page = (
  <MemoryRouter>
    <NotFoundPage />
  </MemoryRouter>
)

it('renders the same mystery destination on the server every time, so hydration matches', () => {
  vi.spyOn(Math, 'random').mockReturnValue(0.9)
  const html = renderToString(page)
  expect(html).toContain('Hidden Objects Adventure')
  expect(Math.random).not.toHaveBeenCalled()
})

it('picks one destination at random in the browser and keeps it', () => {
  vi.spyOn(Math, 'random').mockReturnValue(0.9)
  const { rerender } = render(page)
  expect(screen.getByTestId('mystery-destination')).toHaveTextContent('Story Creation Magic')
  vi.spyOn(Math, 'random').mockReturnValue(0)
  rerender(page)
  expect(screen.getByTestId('mystery-destination')).toHaveTextContent('Story Creation Magic')
})
