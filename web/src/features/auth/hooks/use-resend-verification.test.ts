// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useResendVerification } from './use-resend-verification'

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast }))
const resend = vi.hoisted(() => vi.fn())
vi.mock('@/lib/auth-client', () => ({ authClient: { resend }, siteUrl: (p: string) => `http://localhost${p}` }))

describe('useResendVerification', () => {
  beforeEach(() => vi.clearAllMocks())

  it('turns a thrown error into the failure toast instead of an unhandled rejection', async () => {
    resend.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const { result } = renderHook(() => useResendVerification())
    let sent: boolean | undefined
    await act(async () => {
      sent = await result.current.resend('ada@example.com')
    })
    expect(sent).toBe(false)
    expect(toast.error).toHaveBeenCalledWith('Failed to send verification email', { description: 'Failed to fetch' })
    expect(result.current.sending).toBe(false)
  })

  it('reports an error response and starts the cooldown when it mentions seconds', async () => {
    resend.mockResolvedValueOnce({ data: {}, error: { message: 'For security purposes, you can only request this after 42 seconds.' } })
    const { result } = renderHook(() => useResendVerification())
    await act(async () => {
      expect(await result.current.resend('ada@example.com')).toBe(false)
    })
    expect(toast.error).toHaveBeenCalledWith('Failed to send verification email', { description: expect.stringContaining('42 seconds') })
    expect(result.current.cooldown.running).toBe(true)
  })

  it('sends', async () => {
    resend.mockResolvedValueOnce({ data: {}, error: null })
    const { result } = renderHook(() => useResendVerification())
    await act(async () => {
      expect(await result.current.resend('ada@example.com')).toBe(true)
    })
    expect(resend).toHaveBeenCalledWith({ type: 'signup', email: 'ada@example.com', options: { emailRedirectTo: 'http://localhost/auth/email/callback' } })
  })
})
