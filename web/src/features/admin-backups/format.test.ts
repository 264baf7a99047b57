import { describe, expect, it } from 'vitest'
import { everyText, formatSize } from './format'

describe('formatSize', () => {
  it('reads as people write sizes', () => {
    expect(formatSize(512)).toBe('512 bytes')
    expect(formatSize(32_391)).toBe('32 KB')
    expect(formatSize(1_400_000)).toBe('1.4 MB')
    expect(formatSize(2_100_000_000)).toBe('2.1 GB')
  })
})

describe('everyText', () => {
  it("reads Go's durations", () => {
    expect(everyText('24h0m0s')).toBe('every 24 hours')
    expect(everyText('1h30m0s')).toBe('every 1 hour 30 minutes')
    expect(everyText('30m0s')).toBe('every 30 minutes')
    expect(everyText('0s')).toBe('off')
  })
})
