import { describe, expect, it } from 'vitest'
import { auditSearch } from './get-audit'

describe('auditSearch', () => {
  it('sends the reader’s whole days as instants, to excluded the day after', () => {
    const q = new URLSearchParams(auditSearch({ actor: ' ann@ ', kind: 'staff', from: '2026-06-01', to: '2026-06-02' }, '42'))
    expect(q.get('actor')).toBe('ann@')
    expect(q.get('kind')).toBe('staff')
    expect(q.get('before')).toBe('42')
    expect(q.get('limit')).toBe('50')
    expect(new Date(q.get('from')!).getTime()).toBe(new Date(2026, 5, 1).getTime())
    expect(new Date(q.get('to')!).getTime()).toBe(new Date(2026, 5, 3).getTime())
    expect(q.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
  })
  it('leaves out the filters not set', () => {
    expect(auditSearch({ actor: '', kind: '', from: '', to: '' }, null)).toBe('limit=50')
  })
})
