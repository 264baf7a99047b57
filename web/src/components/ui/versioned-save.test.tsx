import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { Form, InputField } from './form'
import { StaleSaveAlerts } from './stale-save'
import { changedFields, useVersionedSave } from './versioned-save'

const toast = vi.hoisted(() => vi.fn())
vi.mock('sonner', () => ({ toast }))

// React renders slowly on a busy machine: each test may take longer than the default 5 s.
vi.setConfig({ testTimeout: 30_000 })

const typeTitle = (value: string) => fireEvent.change(screen.getByLabelText('Title'), { target: { value } })

afterEach(() => {
  cleanup()
  toast.mockReset()
})

describe('changedFields', () => {
  it('keeps the fields whose value differs from the base', () => {
    expect(changedFields({ id: 1, title: 'Owl', pages: 12 }, { title: 'Owl', pages: 14 })).toEqual({ pages: 14 })
    expect(changedFields({ title: 'Owl' }, { title: 'Owl' })).toEqual({})
  })

  it('compares with the equality it is given', () => {
    const sameList = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
    expect(changedFields({ tags: ['a'] }, { tags: ['a'] })).toEqual({ tags: ['a'] })
    expect(changedFields({ tags: ['a'] }, { tags: ['a'] }, sameList)).toEqual({})
  })
})

type Post = { id: number; version: number; title: string }
type Values = { title: string }

function Editor({ loaded, create, update, onRefused }: { loaded: Post | null; create: (f: Values) => Promise<unknown>; update: (p: { id: number; version: number; changes: Partial<Values> }) => Promise<Post>; onRefused: (e: unknown) => void }) {
  const form = useForm<Values>({ defaultValues: loaded ? { title: loaded.title } : { title: '' } })
  const { base, stale, save, submitting } = useVersionedSave({
    form,
    loaded,
    valuesOf: (p: Post) => ({ title: p.title }),
    fieldsOf: (v) => ({ title: v.title.trim() }),
    fetchLatest: async () => ({ id: 1, version: 3, title: 'Newer' }),
    create,
    update,
    onSaved: (p) => toast(`Saved ${p.title}`),
    onRefused,
    unchanged: 'No field differs from the saved post.',
  })
  return (
    <Form {...form}>
      <form onSubmit={(e) => void form.handleSubmit(save)(e)}>
        <StaleSaveAlerts stale={stale} labels={{ title: 'Title' }} />
        <p>Version {base?.version ?? 'new'}</p>
        <InputField control={form.control} name="title" label="Title" />
        <button type="submit" disabled={submitting}>
          Save
        </button>
      </form>
    </Form>
  )
}

const post: Post = { id: 1, version: 2, title: 'Owl' }

describe('useVersionedSave', () => {
  it('creates a new record', async () => {
    const create = vi.fn(async () => {})
    render(<Editor loaded={null} create={create} update={vi.fn()} onRefused={vi.fn()} />)
    typeTitle(' Owl ')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(create).toHaveBeenCalledWith({ title: 'Owl' })
  })

  it('says so when nothing changed, and sends nothing', async () => {
    const update = vi.fn()
    render(<Editor loaded={post} create={vi.fn()} update={update} onRefused={vi.fn()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(update).not.toHaveBeenCalled()
    expect(toast).toHaveBeenCalledWith('Nothing to save', { description: 'No field differs from the saved post.' })
  })

  it('sends the changed fields over the version opened, then saves over the one it got back', async () => {
    const update = vi.fn(async (p: { changes: Partial<Values> }) => ({ id: 1, version: 3, title: p.changes.title ?? 'Owl' }))
    render(<Editor loaded={post} create={vi.fn()} update={update} onRefused={vi.fn()} />)
    typeTitle('Tiger')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(update).toHaveBeenCalledWith({ id: 1, version: 2, changes: { title: 'Tiger' } })
    expect(await screen.findByText('Version 3')).toBeInTheDocument()
    expect(toast).toHaveBeenCalledWith('Saved Tiger')
  })

  it('saves once when Save is pressed twice', async () => {
    let finish: (p: Post) => void = () => {}
    const update = vi.fn(() => new Promise<Post>((resolve) => (finish = resolve)))
    const { container } = render(<Editor loaded={post} create={vi.fn()} update={update} onRefused={vi.fn()} />)
    typeTitle('Owl!')
    const form = container.querySelector('form')!
    await act(async () => {
      form.requestSubmit()
      form.requestSubmit()
    })
    expect(update).toHaveBeenCalledTimes(1)
    await act(async () => finish({ ...post, version: 3, title: 'Owl!' }))
  })

  it("shows a stale save's refusal with Reload, and hands any other to onRefused", async () => {
    const onRefused = vi.fn()
    const update = vi.fn().mockRejectedValueOnce(new ApiError(409, 'conflict', 'Someone else saved this post.')).mockRejectedValueOnce(new ApiError(400, 'invalid', 'No.'))
    render(<Editor loaded={post} create={vi.fn()} update={update} onRefused={onRefused} />)
    typeTitle('Owl!')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Someone else saved this post.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(onRefused).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onRefused).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }))
  })
})
