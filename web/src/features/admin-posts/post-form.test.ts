import { describe, expect, it } from 'vitest'
import { changedFields, emptyPost, isRealDate, postSchema } from './post-form'
import type { AdminPost } from './types'

const post: AdminPost = {
  id: 3, slug: 'home-library', title: 'Home Library', excerpt: 'Books.', author: 'Amara', category: 'Family', bodyMarkdown: '## Hi',
  coverImage: '/blog/reading-together.svg', coverAlt: 'Books', status: 'published', publishedAt: '2025-09-02', version: 4,
  updatedAt: '2026-01-01T00:00:00Z', createdAt: '2025-09-02T09:00:00Z',
}

const messages = (values: unknown) => {
  const result = postSchema.safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('postSchema', () => {
  it('takes a complete post and a bare draft', () => {
    expect(messages({ ...post })).toEqual({})
    expect(messages({ ...emptyPost(new Date(2026, 5, 1)), title: 'Rain', author: 'Ed', category: 'Family' })).toEqual({})
  })

  it('says what to fix, as the server would', () => {
    expect(messages({ ...post, title: '  ', publishedAt: '2025-02-30', slug: 'Not A Slug', coverImage: 'https://evil.example/x.png' })).toEqual({
      title: 'Enter a title.',
      publishedAt: 'Enter a real date, such as 2025-11-20.',
      slug: 'Use lowercase letters, digits and single dashes, such as bedtime-stories.',
      coverImage: 'Use a picture on this site: an address starting with /, such as /blog/bedtime-stories.svg.',
    })
    expect(messages({ ...post, bodyMarkdown: 'a'.repeat(50_001) })).toEqual({ bodyMarkdown: 'Keep the article to 50,000 characters or fewer.' })
    expect(messages({ ...post, excerpt: '', coverAlt: '' })).toEqual({
      excerpt: "A published post needs an excerpt for the blog's list.",
      coverAlt: 'Describe the picture for readers who cannot see it.',
    })
  })
})

describe('isRealDate', () => {
  it('knows the calendar', () => {
    expect(isRealDate('2024-02-29')).toBe(true)
    expect(isRealDate('2025-02-29')).toBe(false)
    expect(isRealDate('2025-13-01')).toBe(false)
    expect(isRealDate('11/20/2025')).toBe(false)
  })
})

describe('emptyPost', () => {
  it('is a draft dated the editor’s day', () => {
    expect(emptyPost(new Date(2026, 0, 5, 23, 30))).toMatchObject({ status: 'draft', publishedAt: '2026-01-05' })
  })
})

describe('changedFields', () => {
  it('sends only what differs from the loaded post', () => {
    const { title, slug, excerpt, author, category, bodyMarkdown, coverImage, coverAlt, status, publishedAt } = post
    const values = { title, slug, excerpt, author, category, bodyMarkdown, coverImage, coverAlt, status, publishedAt }
    expect(changedFields(post, values)).toEqual({})
    expect(changedFields(post, { ...values, title: 'New', status: 'draft' })).toEqual({ title: 'New', status: 'draft' })
  })
})
