import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { PageView, type StoryPage } from './page-view'

const page: StoryPage = {
  id: 'meadow',
  html: '<p><span class="w" data-w="0">Siso</span> <span class="w" data-w="1">runs</span> <span class="w" data-w="2">fast.</span></p>',
  words: 3,
  picture: '/storybooks/our-first-adventure/meadow.svg',
  choices: [
    { label: 'Follow the river', to: 'river' },
    { label: 'Climb the hill', to: 'hill' },
  ],
}

afterEach(cleanup)

it('draws the text from the server, and each choice is a button that turns to its page', async () => {
  const onChoose = vi.fn()
  render(<PageView page={page} heading="Page 2" onChoose={onChoose} />)
  expect(screen.getByRole('heading', { name: 'Page 2' })).toBeVisible()
  expect(screen.getByText('runs')).toHaveAttribute('data-w', '1')
  await userEvent.click(screen.getByRole('button', { name: 'Climb the hill' }))
  expect(onChoose).toHaveBeenCalledWith('hill')
  expect(screen.getAllByRole('button')).toHaveLength(2)
})

it('lights the words being read, and only those', () => {
  const { rerender } = render(<PageView page={page} heading="Page 2" onChoose={() => {}} highlight={{ from: 1, to: 2 }} />)
  expect(screen.getByText('Siso')).not.toHaveClass('is-read')
  expect(screen.getByText('runs')).toHaveClass('is-read')
  expect(screen.getByText('fast.')).toHaveClass('is-read')
  rerender(<PageView page={page} heading="Page 2" onChoose={() => {}} highlight={null} />)
  expect(document.querySelectorAll('.is-read')).toHaveLength(0)
})

it('names an ending and shows what comes next instead of choices', () => {
  const ending: StoryPage = { ...page, choices: [], ending: 'The Great Balloon Ride' }
  render(<PageView page={ending} heading="The end" onChoose={() => {}} ending={<p>You found 2 of 6 endings</p>} />)
  expect(screen.getByText('The Great Balloon Ride')).toBeVisible()
  expect(screen.getByText('You found 2 of 6 endings')).toBeVisible()
  expect(screen.queryByRole('button')).toBeNull()
})

it("says what its picture shows as the author described it, and slides in only when turned to", () => {
  const { container, rerender } = render(<PageView page={page} heading="Page 1" onChoose={() => {}} />)
  // Without a description the picture is decoration: the words tell it.
  expect(container.querySelector('img')).toHaveAttribute('alt', '')
  expect(container.querySelector('article')).not.toHaveClass('animate-page-turn')
  rerender(<PageView page={{ ...page, alt: 'Siso races across a sunny meadow.' }} heading="Page 2" onChoose={() => {}} turned />)
  expect(screen.getByRole('img', { name: 'Siso races across a sunny meadow.' })).toBeVisible()
  expect(container.querySelector('article')).toHaveClass('animate-page-turn')
})
