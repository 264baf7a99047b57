import { zodResolver } from '@hookform/resolvers/zod'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { z } from '@/lib/zod'
import { Form, formFieldOf, InputField, setServerErrors, TextareaField } from './form'

// React renders slowly on a busy machine: each test may take longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 })

afterEach(cleanup)

const schema = z.object({ amount: z.string(), reason: z.string().min(1, 'Say why.') })
type Values = z.infer<typeof schema>
const handle: { form?: UseFormReturn<Values> } = {}

function Refund() {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { amount: '', reason: '' } })
  useEffect(() => {
    handle.form = form
  }, [form])
  return (
    <Form {...form}>
      <form onSubmit={(e) => void form.handleSubmit(() => {})(e)} noValidate>
        <InputField control={form.control} name="amount" label="Amount" />
        <TextareaField control={form.control} name="reason" label="Reason" rows={2} maxLength={500} />
        <button type="submit">Refund</button>
      </form>
    </Form>
  )
}

describe('formFieldOf', () => {
  const rename = { amountCents: 'amount', lines: 'lines' }
  it("maps a server name, or its first part, to the form's", () => {
    expect(formFieldOf('amountCents', ['amount', 'lines'], rename)).toBe('amount')
    expect(formFieldOf('lines.2', ['amount', 'lines'], rename)).toBe('lines')
    expect(formFieldOf('reason', ['reason'], rename)).toBe('reason')
  })
  it('is null for a field the form does not have, and keeps any name without a list', () => {
    expect(formFieldOf('version', ['amount'], rename)).toBeNull()
    expect(formFieldOf('amountCents', ['reason'], rename)).toBeNull()
    expect(formFieldOf('formats.0.priceCents', ['formats', 'price'], { priceCents: 'price' })).toBeNull()
    expect(formFieldOf('anything')).toBe('anything')
  })
})

describe('setServerErrors with a rename map', () => {
  it("puts a renamed server field's message on the form's field, and focuses the first", async () => {
    render(<Refund />)
    const error = new ApiError(400, 'invalid', 'Please check.', { amountCents: 'More than is left to refund.', reason: 'Too long.', version: 'Stale.' })
    let shown = false
    act(() => {
      shown = setServerErrors(handle.form!.setError, error, ['amount', 'reason'], { amountCents: 'amount' })
    })
    expect(shown).toBe(true)
    expect(await screen.findByText('More than is left to refund.')).toBeInTheDocument()
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Amount')).toHaveFocus()
    expect(screen.getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('Stale.')).toBeNull()
  })

  it('shows nothing, and says so, when no field of the form is named', () => {
    render(<Refund />)
    act(() => {
      expect(setServerErrors(handle.form!.setError, new ApiError(409, 'stale', 'Moved on.', { version: 'Stale.' }), ['amount', 'reason'], { amountCents: 'amount' })).toBe(false)
    })
  })
})

describe('TextareaField', () => {
  it("is a labelled text area whose message describes it", async () => {
    render(<Refund />)
    const reason = screen.getByLabelText('Reason')
    expect(reason.tagName).toBe('TEXTAREA')
    expect(reason).toHaveAttribute('rows', '2')
    expect(reason).toHaveAttribute('maxlength', '500')
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }))
    const message = await screen.findByText('Say why.')
    expect(reason).toHaveAttribute('aria-invalid', 'true')
    expect(reason.getAttribute('aria-describedby')).toContain(message.id)
    await userEvent.type(reason, 'Late')
    expect(handle.form!.getValues('reason')).toBe('Late')
  })
})
