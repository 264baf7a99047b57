import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NewsletterForm, checkInbox } from './newsletter-form'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast }))

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <NewsletterForm />
    </QueryClientProvider>,
  )
}

async function subscribe(email: string) {
  const user = userEvent.setup()
  await user.click(screen.getByLabelText('Email address'))
  await user.paste(email)
  await user.click(screen.getByRole('button', { name: 'Subscribe' }))
}

describe('NewsletterForm', { timeout: 15_000 }, () => {
  beforeEach(() => {
    toast.success.mockReset()
    toast.error.mockReset()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('subscribes the trimmed address, thanks and clears the field', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"email":"maya@example.com","message":"Thank you!"}', { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    renderForm()
    await subscribe(' maya@example.com ')
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Subscription successful!', { description: checkInbox }))
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual({ email: 'maya@example.com', source: 'footer' })
    expect(screen.getByLabelText('Email address')).toHaveValue('')
  })

  it("shows the server's message on the field and the failure toast", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":{"code":"invalid","message":"Please check the form.","fields":{"email":"Invalid email address"}}}', { status: 400 })))
    renderForm()
    await subscribe('maya@example.com')
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Subscription failed', { description: 'There was an error subscribing to our newsletter. Please try again.' }))
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Email address')).toHaveValue('maya@example.com')
  })
})
