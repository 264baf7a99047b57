import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './confirm-dialog'

beforeAll(() => {
  // jsdom has no modal dialogs; the browser's own are checked end to end (e2e/admin-orders.spec.ts).
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})

// React renders slowly on a busy machine: each test may take longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 })

afterEach(cleanup)

function ask(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  const view = render(
    <ConfirmDialog open title="Archive this book?" confirmLabel="Archive" onConfirm={onConfirm} onCancel={onCancel} {...props}>
      <label>
        Note <input name="note" />
      </label>
    </ConfirmDialog>,
  )
  return { onConfirm, onCancel, view }
}

describe('ConfirmDialog', () => {
  it('is a modal dialog named by its title that confirms with its button and with Enter in a field', async () => {
    const { onConfirm } = ask()
    const dialog = screen.getByRole('dialog', { name: 'Archive this book?' })
    expect(dialog).toHaveAttribute('open')
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await userEvent.type(screen.getByLabelText('Note'), 'gone{Enter}')
    expect(onConfirm).toHaveBeenCalledTimes(2)
  })

  it('cancels with its dismiss button, named as asked', async () => {
    const { onConfirm, onCancel } = ask({ dismissLabel: 'Keep the order' })
    await userEvent.click(screen.getByRole('button', { name: 'Keep the order' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('cancels when the browser closes it (Escape)', () => {
    const { onCancel } = ask()
    screen.getByRole('dialog').dispatchEvent(new Event('close'))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('while busy says so and does not confirm twice', async () => {
    const { onConfirm } = ask({ busy: true })
    const button = screen.getByRole('button', { name: 'Working...' })
    expect(button).toBeDisabled()
    await userEvent.type(screen.getByLabelText('Note'), '{Enter}')
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it("shows the server's refusal as an alert that describes the form", () => {
    ask({ error: 'The order moved on.' })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The order moved on.')
    expect(alert.closest('form')).toHaveAttribute('aria-describedby', alert.id)
  })

  it('renders its content only while open', () => {
    const { view } = ask({ open: false })
    expect(screen.queryByLabelText('Note')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull()
    view.unmount()
  })

  it('paints the confirm button red for what cannot be undone', () => {
    ask({ destructive: true })
    expect(screen.getByRole('button', { name: 'Archive' }).className).toMatch(/bg-red-700/)
  })
})
