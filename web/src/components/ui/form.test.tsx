import { zodResolver } from '@hookform/resolvers/zod'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from '@/lib/zod'
import { ApiError } from '@/lib/api'
import { CodeField, Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, InputField, setServerErrors } from './form'
import { Input } from './input'

const schema = z.object({
  email: z.string().min(1, 'Please enter your email address'),
  name: z.string(),
})
type Values = z.infer<typeof schema>

// The rendered form's methods, for the tests that play the server (setServerErrors).
const handle: { form?: UseFormReturn<Values> } = {}

function Example({ onValid = () => {} }: { onValid?: (v: Values) => void }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', name: '' } })
  useEffect(() => {
    handle.form = form
  }, [form])
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" {...field} />
              </FormControl>
              <FormDescription>We only write about your orders.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem id="the-name">
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <button type="submit">Save</button>
      </form>
    </Form>
  )
}

function describedBy(el: HTMLElement): string[] {
  return (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
}

describe('form kit', () => {
  afterEach(cleanup)

  it('labels the control and describes it by its description', () => {
    render(<Example />)
    const email = screen.getByLabelText('Email')
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(describedBy(email).map((id) => document.getElementById(id)?.textContent)).toEqual(['We only write about your orders.'])
    // A field without a description or error points at nothing.
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-describedby')
  })

  it('uses the id given to FormItem for the control', () => {
    render(<Example />)
    expect(screen.getByLabelText('Name')).toHaveAttribute('id', 'the-name')
  })

  it('marks an invalid field and describes it by its message, without submitting', async () => {
    const onValid = vi.fn()
    render(<Example onValid={onValid} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }))
    const message = await screen.findByRole('alert')
    expect(message).toHaveTextContent('Please enter your email address')
    const email = screen.getByLabelText('Email')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(describedBy(email)).toContain(message.id)
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid')
    expect(onValid).not.toHaveBeenCalled()
  })

  it('clears the message once the value is fixed', async () => {
    render(<Example />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByRole('alert')
    await user.type(screen.getByLabelText('Email'), 'a@b.co')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid')
  })

  describe('setServerErrors', () => {
    it("puts the server's field messages on their fields", async () => {
      render(<Example />)
      const error = new ApiError(400, 'validation_failed', 'Please check the form.', { email: 'That address is already subscribed', name: 'Too long' })
      let shown = false
      act(() => {
        shown = setServerErrors(handle.form!.setError, error)
      })
      expect(shown).toBe(true)
      expect(await screen.findByText('That address is already subscribed')).toBeInTheDocument()
      expect(screen.getByText('Too long')).toBeInTheDocument()
      expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
      expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    })

    it('sets only the names the form lists', async () => {
      render(<Example />)
      const error = new ApiError(400, 'validation_failed', 'Please check the form.', { phone: 'Unknown field', name: 'Too long' })
      let shown = false
      act(() => {
        shown = setServerErrors(handle.form!.setError, error, ['email', 'name'])
      })
      expect(shown).toBe(true)
      expect(await screen.findByText('Too long')).toBeInTheDocument()
      expect(handle.form!.getFieldState('phone' as 'name').error).toBeUndefined()
    })

    it('returns false when there is nothing to show on a field', () => {
      render(<Example />)
      act(() => {
        expect(setServerErrors(handle.form!.setError, new Error('offline'))).toBe(false)
        expect(setServerErrors(handle.form!.setError, new ApiError(500, 'error', 'boom'))).toBe(false)
        expect(setServerErrors(handle.form!.setError, new ApiError(400, 'x', 'y', { phone: 'no' }), ['email'])).toBe(false)
      })
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })
  })

  describe('InputField', () => {
    function Short({ onChange }: { onChange: (value: string) => void }) {
      const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', name: '' } })
      return (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(() => {})} noValidate>
            <InputField control={form.control} name="email" label="Email" id="short-email" type="email" onChange={(e) => onChange(e.target.value)}>
              <p>hint</p>
            </InputField>
            <button type="submit">Save</button>
          </form>
        </Form>
      )
    }

    it('is a labelled input with its message, and passes on changes', async () => {
      const onChange = vi.fn()
      render(<Short onChange={onChange} />)
      const user = userEvent.setup()
      const email = screen.getByLabelText('Email')
      expect(email).toHaveAttribute('id', 'short-email')
      expect(email).toHaveAttribute('type', 'email')
      expect(screen.getByText('hint')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Save' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address')
      expect(email).toHaveAttribute('aria-invalid', 'true')
      await user.type(email, 'a')
      expect(onChange).toHaveBeenLastCalledWith('a')
      expect(email).toHaveValue('a')
    })
  })

  describe('CodeField', () => {
    function Code() {
      const form = useForm({ defaultValues: { code: '' } })
      return (
        <Form {...form}>
          <CodeField control={form.control} name="code" label="Code" />
        </Form>
      )
    }

    it('keeps only digits, at most six, and offers the number pad and the code from a message', async () => {
      render(<Code />)
      const code = screen.getByLabelText('Code')
      await userEvent.setup().type(code, '12a3-4 5678')
      expect(code).toHaveValue('123456')
      expect(code).toHaveAttribute('inputmode', 'numeric')
      expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    })
  })
})
