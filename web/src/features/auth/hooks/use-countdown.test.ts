// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useCountdown } from './use-countdown'

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('is idle until started', () => {
    const { result } = renderHook(() => useCountdown())
    expect(result.current.secondsLeft).toBe(0)
    expect(result.current.running).toBe(false)
  })

  it('ticks once a second down to zero', () => {
    const { result } = renderHook(() => useCountdown())
    act(() => result.current.start(60))
    expect(result.current.secondsLeft).toBe(60)
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current.secondsLeft).toBe(59)
    act(() => vi.advanceTimersByTime(58_000))
    expect(result.current.secondsLeft).toBe(1)
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current.secondsLeft).toBe(0)
    expect(result.current.running).toBe(false)
  })

  it('restarts from the full time', () => {
    const { result } = renderHook(() => useCountdown())
    act(() => result.current.start(60))
    act(() => vi.advanceTimersByTime(30_000))
    expect(result.current.secondsLeft).toBe(30)
    act(() => result.current.start(60))
    expect(result.current.secondsLeft).toBe(60)
  })
})

describe('useCountdown(initialSeconds)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('starts at once', () => {
    const { result } = renderHook(() => useCountdown(60))
    expect(result.current.secondsLeft).toBe(60)
    act(() => vi.advanceTimersByTime(3000))
    expect(result.current.secondsLeft).toBe(57)
  })
})
