import { describe, expect, it } from 'vitest'
import { paths } from './paths'
import { routePatterns } from './route-patterns'

describe('routePatterns', () => {
  it('turns every path into the pattern the server matches', () => {
    const patterns = routePatterns(paths)
    expect(patterns).toContain('/')
    expect(patterns).toContain('/books')
    expect(patterns).toContain('/books/:id')
    expect(patterns).toContain('/blog/:id')
    expect(patterns).toContain('/auth/google/callback')
  })

  it('drops #hashes, so links to a section name their page once', () => {
    const patterns = routePatterns({ newsletter: '/#newsletter', contactForm: '/contact#contact-form', contact: '/contact', character: (id: string) => `/characters#${id}` })
    expect(patterns).toEqual(['/', '/characters', '/contact'])
  })
})
