import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { monthNames } from '../age'
import { ChildForm } from './child-form'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderForm(consentVersion?: string) {
  const onSubmit = vi.fn(async () => {})
  render(
    <MemoryRouter>
      <ChildForm submitLabel="Add" consentVersion={consentVersion} onSubmit={onSubmit} onCancel={() => {}} />
    </MemoryRouter>,
  )
  return onSubmit
}

async function fillChild() {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('First name or nickname'), 'Mia')
  await user.selectOptions(screen.getByLabelText('Birth month'), 'March')
  await user.selectOptions(screen.getByLabelText('Birth year'), '2021')
  return user
}

describe('ChildForm', () => {
  it('asks for a birth month and year, never a day, and says why', async () => {
    renderForm()
    expect(screen.queryByLabelText(/date of birth/i)).toBeNull()
    expect(screen.getByText(/We never ask for the day/)).toBeTruthy()
    expect(screen.getByText(/Dream Maker puts this name/)).toBeTruthy()
  })

  it('adds a first child only once the parent confirms and accepts the notice', async () => {
    // Radix's checkbox measures itself; jsdom has no ResizeObserver.
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
    const onSubmit = renderForm('2026-11-26')
    const user = await fillChild()
    const add = screen.getByRole('button', { name: 'Add' })
    expect(add).toHaveProperty('disabled', true)
    await user.click(screen.getByRole('checkbox', { name: "I am this child's parent or legal guardian" }))
    expect(add).toHaveProperty('disabled', true)
    await user.click(screen.getByRole('checkbox', { name: "I have read and accept the children's privacy notice" }))
    await vi.waitFor(() => expect(add).toHaveProperty('disabled', false))
    await user.click(add)
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Mia', birth_month: '2021-03' }, '2026-11-26'))
  })

  it('offers birth years back to 18 years ago and refuses a month more than 18 years ago, as the server does', async () => {
    const onSubmit = renderForm()
    const user = userEvent.setup()
    const now = new Date()
    const oldest = String(now.getFullYear() - 18)
    const years = Array.from((screen.getByLabelText('Birth year') as HTMLSelectElement).options, (o) => o.value).filter(Boolean)
    expect(years[0]).toBe(String(now.getFullYear()))
    expect(years.at(-1)).toBe(oldest)
    await user.type(screen.getByLabelText('First name or nickname'), 'Tom')
    await user.selectOptions(screen.getByLabelText('Birth year'), oldest)
    if (now.getMonth() > 0) {
      await user.selectOptions(screen.getByLabelText('Birth month'), 'January')
      await user.click(screen.getByRole('button', { name: 'Add' }))
      expect(await screen.findByText('The birth month must be within the last 18 years')).toBeTruthy()
      expect(onSubmit).not.toHaveBeenCalled()
    }
    await user.selectOptions(screen.getByLabelText('Birth month'), monthNames[now.getMonth()])
    await user.click(screen.getByRole('button', { name: 'Add' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Tom', birth_month: `${oldest}-${String(now.getMonth() + 1).padStart(2, '0')}` }, undefined))
  })

  it('asks nothing more when the consent is current', async () => {
    const onSubmit = renderForm()
    const user = await fillChild()
    expect(screen.queryByRole('checkbox')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Add' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Mia', birth_month: '2021-03' }, undefined))
  })
})
