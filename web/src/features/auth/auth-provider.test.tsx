import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { AUTH_STORAGE_KEY } from '@/lib/auth-storage'

// The auth client (@supabase/auth-js) is a page's largest piece of code after
// React's: a visitor with no session stored does not load it before signing in.
// The fake stands in for lib/auth-client and counts its loads.
const client = vi.hoisted(() => ({ loads: 0, session: null as null | { user: { id: string; email: string } } }))

/** The provider, freshly loaded (with the loader's state) for each test. */
async function renderProvider() {
  const { AuthProvider, useAuth } = await import('./auth-provider')
  function Who() {
    const { user, loading } = useAuth()
    return <p>{loading ? 'loading' : (user?.email ?? 'signed out')}</p>
  }
  const router = createMemoryRouter([{ path: '*', element: <AuthProvider><Who /></AuthProvider> }])
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  vi.resetModules()
  // Each test a fresh loader and a fresh fake client (vi.doMock's factory runs again after the reset).
  vi.doMock('@/lib/auth-client', async () => {
    client.loads++
    const { authClientLoaded } = await import('@/lib/auth-client-ready')
    const authClient = {
      onAuthStateChange: (callback: (event: string, session: unknown) => void) => {
        setTimeout(() => callback('INITIAL_SESSION', client.session), 0)
        return { data: { subscription: { unsubscribe: () => {} } } }
      },
      getSession: async () => ({ data: { session: client.session }, error: null }),
      signOut: async () => ({ error: null }),
    }
    authClientLoaded()
    return { authClient, accessToken: async () => null }
  })
  client.loads = 0
  client.session = null
  window.localStorage.clear()
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 404 })))
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

it('knows a visitor with no stored session is signed out without loading the auth client', async () => {
  await renderProvider()
  expect(await screen.findByText('signed out')).toBeInTheDocument()
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  expect(client.loads).toBe(0)
})

it('loads the auth client when a session is stored, and reports loading until it answers', async () => {
  window.localStorage.setItem(AUTH_STORAGE_KEY, '{}')
  await renderProvider()
  expect(screen.getByText('loading')).toBeInTheDocument()
  expect(await screen.findByText('signed out')).toBeInTheDocument()
  expect(client.loads).toBe(1)
})

it('follows the client once a screen that signs in has loaded it', async () => {
  await renderProvider()
  expect(await screen.findByText('signed out')).toBeInTheDocument()
  client.session = { user: { id: 'u1', email: 'parent@example.com' } }
  await act(async () => {
    await import('@/lib/auth-client') // as the login form does
  })
  expect(client.loads).toBe(1)
  expect(await screen.findByText('parent@example.com')).toBeInTheDocument()
})

it('loads the client when another tab stores a session', async () => {
  await renderProvider()
  expect(await screen.findByText('signed out')).toBeInTheDocument()
  client.session = { user: { id: 'u2', email: 'other-tab@example.com' } }
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue: '{}' }))
  })
  expect(await screen.findByText('other-tab@example.com')).toBeInTheDocument()
  expect(client.loads).toBe(1)
})
