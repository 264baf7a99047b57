import { describe, expect, it } from 'vitest'
import { identityCheckSchema } from './identity-check'

describe('identity check', () => {
  it('asks for a real description', () => {
    expect(identityCheckSchema.safeParse({ identityCheck: '  ok  ' }).success).toBe(false)
    expect(identityCheckSchema.safeParse({ identityCheck: 'x'.repeat(1001) }).success).toBe(false)
    expect(identityCheckSchema.safeParse({ identityCheck: 'Called back on the number of her last order' }).success).toBe(true)
  })
})
