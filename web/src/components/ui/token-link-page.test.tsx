import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { Bell } from 'lucide-react'
import { afterEach, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { TokenLinkPage } from './token-link-page'

function Page({ token, send, confirmOnOpen }: { token: string; send: (token: string) => Promise<string>; confirmOnOpen?: boolean }) {
  const mutation = useMutation({ mutationFn: send })
  return (
    <TokenLinkPage
      token={token}
      mutation={mutation}
      confirmOnOpen={confirmOnOpen}
      icon={Bell}
      title={mutation.isSuccess ? 'Done' : 'Confirming…'}
      description={mutation.isSuccess && `Thanks, ${mutation.data}`}
    >
      {!confirmOnOpen && <button onClick={() => mutation.mutate(token)}>Send</button>}
    </TokenLinkPage>
  )
}

function renderPage(props: Parameters<typeof Page>[0]) {
  return render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <Page {...props} />
      </QueryClientProvider>
    </StrictMode>,
  )
}

afterEach(cleanup)

it('sends the token once as it opens, then shows the answer', async () => {
  const send = vi.fn((token: string) => Promise.resolve(`token ${token}`))
  renderPage({ token: 'abc', send, confirmOnOpen: true })
  expect(screen.getByText('Confirming…')).toBeVisible()
  expect(await screen.findByText('Done')).toBeVisible()
  expect(screen.getByText('Thanks, token abc')).toBeVisible()
  expect(send).toHaveBeenCalledOnce() // StrictMode runs the effect twice
})

it('says the server’s refusal, and that a link without its token is not complete', async () => {
  renderPage({ token: 'used', send: () => Promise.reject(new ApiError(400, 'bad_token', 'This link was used already.')), confirmOnOpen: true })
  expect(await screen.findByText('This link was used already.')).toBeVisible()
  expect(screen.getByText('Confirming…')).toBeVisible()
  cleanup()

  const send = vi.fn(() => Promise.resolve('x'))
  renderPage({ token: '', send, confirmOnOpen: true })
  expect(screen.getByText('This link is not complete. Please open the link from the e-mail again.')).toBeVisible()
  expect(send).not.toHaveBeenCalled()
})

it('without confirmOnOpen sends nothing until the page’s button does', async () => {
  const send = vi.fn(() => Promise.resolve('by hand'))
  renderPage({ token: 'abc', send })
  expect(send).not.toHaveBeenCalled()
  await userEvent.click(screen.getByRole('button', { name: 'Send' }))
  expect(await screen.findByText('Thanks, by hand')).toBeVisible()
  expect(send).toHaveBeenCalledOnce()
})
