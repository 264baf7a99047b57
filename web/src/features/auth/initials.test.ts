import { describe, expect, it } from 'vitest'
import { initials } from './initials'

describe('initials', () => {
  it.each([
    [{ firstName: 'siso', lastName: 'tiger', email: 'a@b.co' }, 'ST'],
    [{ firstName: 'Nainni', lastName: '', email: 'n@b.co' }, 'N'],
    [{ firstName: '  ', lastName: 'Lizard', email: 'lizzie@b.co' }, 'L'],
    [{ email: 'feefee@b.co' }, 'F'],
    [{ email: '' }, 'U'],
    [null, 'U'],
  ])('%o gives %s', (user, want) => {
    expect(initials(user)).toBe(want)
  })
})
