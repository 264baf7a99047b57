import { z } from '@/lib/zod'
import type { AdminPost, PostFields } from './types'
import { changedFields as fieldsChanged } from '@/components/ui/versioned-save'

// The editor's form: the server's limits (internal/posts) checked as the
// editor types; the server checks them again, and its field messages land
// on the same fields (setServerErrors).

export const limits = { title: 150, excerpt: 300, body: 50_000, author: 80, category: 40, slug: 80, coverAlt: 200 }

/** Whether s is a calendar date written YYYY-MM-DD (2025-02-30 is not). */
export function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

/** Whether src is a picture address on this site, the only kind the pages' Content Security Policy loads. */
export function isSiteAddress(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//') && !/[\s"'<>\\]/.test(src)
}

const tooLong = (what: string, n: number) => `Keep the ${what} to ${n.toLocaleString('en-US')} characters or fewer.`

const postObject = z.object({
  title: z.string().trim().min(1, 'Enter a title.').max(limits.title, tooLong('title', limits.title)),
  slug: z
    .string()
    .trim()
    .max(limits.slug, tooLong('slug', limits.slug))
    .refine((s) => s === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s), 'Use lowercase letters, digits and single dashes, such as bedtime-stories.'),
  excerpt: z.string().trim().max(limits.excerpt, tooLong('excerpt', limits.excerpt)),
  author: z.string().trim().min(1, "Enter the author's name.").max(limits.author, tooLong("author's name", limits.author)),
  category: z.string().trim().min(1, 'Enter a category, such as Reading Tips.').max(limits.category, tooLong('category', limits.category)),
  bodyMarkdown: z.string().max(limits.body, tooLong('article', limits.body)),
  coverImage: z
    .string()
    .trim()
    .refine((s) => s === '' || isSiteAddress(s), 'Use a picture on this site: an address starting with /, such as /blog/bedtime-stories.svg.'),
  coverAlt: z.string().trim().max(limits.coverAlt, tooLong('description', limits.coverAlt)),
  status: z.enum(['draft', 'published'], 'Choose draft or published.'),
  publishedAt: z.string().refine(isRealDate, 'Enter a real date, such as 2025-11-20.'),
})

export const postSchema = postObject.superRefine((v, ctx) => {
  if (v.coverImage && !v.coverAlt) ctx.addIssue({ code: 'custom', path: ['coverAlt'], message: 'Describe the picture for readers who cannot see it.' })
  if (v.status === 'published' && !v.excerpt) ctx.addIssue({ code: 'custom', path: ['excerpt'], message: "A published post needs an excerpt for the blog's list." })
  if (v.status === 'published' && !v.bodyMarkdown.trim()) ctx.addIssue({ code: 'custom', path: ['bodyMarkdown'], message: 'A published post needs its article.' })
})

export type PostFormValues = z.input<typeof postSchema>

export const postFormFields = Object.keys(postObject.shape) as (keyof PostFormValues)[]

/** A new post: a draft dated today (the editor's own day). */
export function emptyPost(today: Date = new Date()): PostFormValues {
  const ymd = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`
  return { title: '', slug: '', excerpt: '', author: '', category: '', bodyMarkdown: '', coverImage: '', coverAlt: '', status: 'draft', publishedAt: ymd }
}

export function formValuesOf(post: AdminPost): PostFormValues {
  const { title, slug, excerpt, author, category, bodyMarkdown, coverImage, coverAlt, status, publishedAt } = post
  return { title, slug, excerpt, author, category, bodyMarkdown, coverImage, coverAlt, status, publishedAt }
}

/** The fields of a save that differ from the post it is based on. */
export function changedFields(base: AdminPost, values: PostFields): Partial<PostFields> {
  return fieldsChanged(base, values)
}
