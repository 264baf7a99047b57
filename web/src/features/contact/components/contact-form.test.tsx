import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ContactForm } from './contact-form'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  )
}

async function fill() {
  const user = userEvent.setup()
  // Pasting is much faster than typing key by key in jsdom.
  for (const [label, value] of [
    ['Your name', 'Maya'],
    ['Email', 'maya@example.com'],
    ['Subject', 'Hello'],
    ['Message', 'Lovely books!'],
  ]) {
    await user.click(screen.getByLabelText(label))
    await user.paste(value)
  }
  return user
}

describe('ContactForm', { timeout: 15_000 }, () => {
  beforeEach(() => {
    toast.success.mockReset()
    toast.error.mockReset()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows what is missing instead of sending', async () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    renderForm()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Please tell us your name')).toBeInTheDocument()
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument()
    expect(screen.getByText('Please add a subject')).toBeInTheDocument()
    expect(screen.getByText('Please write your message')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('disables the inputs while sending, then thanks and clears', async () => {
    let respond: (r: Response) => void = () => {}
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => new Promise<Response>((resolve) => (respond = resolve)))
    vi.stubGlobal('fetch', fetchMock)
    renderForm()
    const user = await fill()
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() => expect(screen.getByLabelText('Your name')).toBeDisabled())
    expect(screen.getByLabelText('Message')).toBeDisabled()
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual({ name: 'Maya', email: 'maya@example.com', subject: 'Hello', message: 'Lovely books!' })

    respond(new Response('{"success":true}', { status: 200 }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Message Sent!', { description: "Thank you for contacting us. We'll get back to you soon." }))
    expect(screen.getByLabelText('Your name')).toHaveValue('')
    expect(screen.getByLabelText('Message')).toHaveValue('')
    expect(screen.getByLabelText('Your name')).toBeEnabled()
  })

  it('keeps the message and says so when sending fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"success":false,"error":"boom"}', { status: 500 })))
    renderForm()
    const user = await fill()
    await user.click(screen.getByRole('button', { name: 'Send Message' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to send message. Please try again later.' }))
    expect(screen.getByLabelText('Message')).toHaveValue('Lovely books!')
    expect(toast.success).not.toHaveBeenCalled()
  })
})

describe('the message length', () => {
  afterEach(() => cleanup())
  it('shows how many characters are left, and refuses a message that is too long instead of cutting it', async () => {
    renderForm()
    const message = screen.getByLabelText('Message')
    expect(screen.getByText('5,000 characters left')).toBeInTheDocument()
    fireEvent.change(message, { target: { value: 'Hello 🐯' } })
    expect(screen.getByText('4,993 characters left')).toBeInTheDocument()
    fireEvent.change(message, { target: { value: 'x'.repeat(5003) } })
    expect(screen.getByText('3 characters too many')).toBeInTheDocument()
    expect((message as HTMLTextAreaElement).value).toHaveLength(5003)
  })
})
