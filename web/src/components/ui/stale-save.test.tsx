import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { afterEach, expect, it } from 'vitest'
import { ApiError } from '@/lib/api'
import { Form, InputField } from './form'
import { StaleSaveAlerts, useStaleSave } from './stale-save'

type Book = { version: number; title: string; price: string }
type Values = { title: string; price: string }
const valuesOf = (b: Book): Values => ({ title: b.title, price: b.price })

const stale409 = new ApiError(409, 'conflict', 'Someone else saved this book after you opened it.')

/** An editor opened on version 1 whose save the server refuses with `error`; the server has version 2. */
function Editor({ error, listing }: { error: unknown; listing?: 'values' | 'names' }) {
  const [base, setBase] = useState<Book>({ version: 1, title: 'Owl', price: '12.00' })
  const form = useForm<Values>({ defaultValues: valuesOf(base) })
  const stale = useStaleSave({ form, base, valuesOf, fetchLatest: async () => ({ version: 2, title: 'Owl', price: '13.50' }), onReloaded: setBase })
  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(() => {
          if (!stale.refused(error)) form.setError('root', { message: 'Other refusal' })
        })}
      >
        <StaleSaveAlerts stale={stale} labels={{ title: 'Title', price: 'Price' }} listing={listing} />
        <p>Version {base.version}</p>
        <InputField control={form.control} name="title" label="Title" />
        <InputField control={form.control} name="price" label="Price" />
        <p>{form.formState.errors.root?.message}</p>
        <button type="submit">Save</button>
      </form>
    </Form>
  )
}

afterEach(cleanup)

it('keeps the edit through a stale save, reloads the newer version and applies the edit again', async () => {
  const user = userEvent.setup()
  render(<Editor error={stale409} />)
  await user.clear(screen.getByLabelText('Title'))
  await user.type(screen.getByLabelText('Title'), 'Brave Owl')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(screen.getByRole('alert')).toHaveTextContent('Someone else saved this book after you opened it.')
  expect(screen.getByLabelText('Title')).toHaveValue('Brave Owl')

  await user.click(screen.getByRole('button', { name: 'Reload' }))
  expect(await screen.findByText('Version 2')).toBeInTheDocument()
  expect(screen.getByLabelText('Price')).toHaveValue('13.50')
  expect(screen.getByLabelText('Title')).toHaveValue('Owl')
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  expect(screen.getByRole('listitem')).toHaveTextContent('Title: Brave Owl')

  await act(() => user.click(screen.getByRole('button', { name: 'Apply my changes again' })))
  expect(screen.getByLabelText('Title')).toHaveValue('Brave Owl')
  expect(screen.getByLabelText('Price')).toHaveValue('13.50')
  expect(screen.queryByText('Your changes were not saved:')).not.toBeInTheDocument()
})

it('names the kept changes in one sentence when their values are not listed', async () => {
  const user = userEvent.setup()
  render(<Editor error={stale409} listing="names" />)
  await user.clear(screen.getByLabelText('Title'))
  await user.type(screen.getByLabelText('Title'), 'Brave Owl')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  await user.click(screen.getByRole('button', { name: 'Reload' }))
  expect(await screen.findByText('This is the newer version. Your changes were not saved: Title.')).toBeInTheDocument()
  expect(screen.queryByRole('listitem')).not.toBeInTheDocument()
})

it('leaves any other refusal to the form', async () => {
  const user = userEvent.setup()
  render(<Editor error={new ApiError(400, 'invalid', 'Please correct the highlighted fields.')} />)
  await user.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText('Other refusal')).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument()
})
