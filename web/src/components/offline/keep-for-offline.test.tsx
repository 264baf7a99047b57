import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { KeptState } from '@/lib/offline/use-kept-storybook'
import { formatSize, KeepForOffline } from './keep-for-offline'

const hook = vi.hoisted(() => ({ state: { status: 'none' } as KeptState, keep: vi.fn(), remove: vi.fn() }))
vi.mock('@/lib/offline/use-kept-storybook', () => ({ useKeptStorybook: () => hook }))

const show = (state: KeptState) => {
  hook.state = state
  return render(<KeepForOffline slug="our-first-adventure" />)
}

afterEach(cleanup)
beforeEach(() => {
  hook.keep.mockReset()
  hook.remove.mockReset()
})

describe('KeepForOffline', () => {
  it('offers to keep a storybook that is not on the device', async () => {
    show({ status: 'none' })
    await userEvent.click(screen.getByRole('button', { name: 'Keep for offline' }))
    expect(hook.keep).toHaveBeenCalled()
  })

  it('shows how far the saving has come', () => {
    show({ status: 'saving', step: { saved: 12, total: 25 } })
    expect(screen.getByRole('status')).toHaveTextContent('Saving 12 of 25 pages…')
    expect(screen.getByRole('progressbar', { name: 'Saved pages' })).toHaveAttribute('value', '12')
  })

  it('says a kept storybook is ready, how much it takes, and removes it', async () => {
    show({ status: 'kept', record: { slug: 'our-first-adventure', title: 'Our First Adventure', version: '3', keptAt: '', bytes: 2_400_000, pages: 25 } })
    expect(screen.getByRole('status')).toHaveTextContent('Ready to read without the internet')
    expect(screen.getByText(/Saved on this device · 2.3 MB/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Remove from this device' }))
    expect(hook.remove).toHaveBeenCalled()
  })

  it('says why a keep failed, and tries again', async () => {
    show({ status: 'failed', message: 'The internet connection stopped.' })
    expect(screen.getByRole('alert')).toHaveTextContent('The internet connection stopped.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(hook.keep).toHaveBeenCalled()
  })

  it('is nothing where the device cannot read offline, or is not yet asked', () => {
    expect(show({ status: 'unsupported' }).container).toBeEmptyDOMElement()
    expect(show({ status: 'unknown' }).container).toBeEmptyDOMElement()
  })
})

describe('formatSize', () => {
  it('speaks in KB and MB', () => {
    expect(formatSize(300)).toBe('1 KB')
    expect(formatSize(200 * 1024)).toBe('200 KB')
    expect(formatSize(4.25 * 1024 * 1024)).toBe('4.3 MB')
  })
})
