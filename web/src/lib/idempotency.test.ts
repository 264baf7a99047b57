import { afterEach, describe, expect, it, vi } from 'vitest'
import { idempotentPost } from './idempotency'

function keysSent(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map(([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key'])
}

function stubFetch(...statuses: number[]) {
  const fetchMock = vi.fn(async () => new Response('{}', { status: statuses.shift() ?? 200 }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('idempotentPost', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends one key for a double submit of the same body, and a new one after success', async () => {
    const fetchMock = stubFetch()
    const post = idempotentPost('/api/kids')
    const body = { name: 'Lily', date_of_birth: '2020-01-01' }
    await Promise.all([post(body), post(body)])
    await post(body)
    const [first, second, third] = keysSent(fetchMock)
    expect(first).toBeTruthy()
    expect(second).toBe(first)
    expect(third).not.toBe(first)
  })

  it('keeps the key when the same submission is retried after a failure, and changes it with the body', async () => {
    const fetchMock = stubFetch(503, 400)
    const post = idempotentPost('/api/kids')
    await expect(post({ name: 'Lily' })).rejects.toThrow()
    await expect(post({ name: 'Lily' })).rejects.toThrow()
    await post({ name: 'Max' })
    const [failed, retried, edited] = keysSent(fetchMock)
    expect(retried).toBe(failed)
    expect(edited).not.toBe(retried)
  })
})
