/** Whether visitors see a post (internal/posts). */
export type PostStatus = 'draft' | 'published'

export const statusNames: Record<PostStatus, string> = { draft: 'Draft', published: 'Published' }

/** A post as the back office lists it (GET /api/admin/posts): without its article. */
export type ListedPost = {
  id: number
  slug: string
  title: string
  author: string
  category: string
  coverImage: string
  coverAlt: string
  status: PostStatus
  publishedAt: string // YYYY-MM-DD
  version: number
  updatedAt: string
}

/** A post as its editor loads it (GET /api/admin/posts/{id}), with the version a save names. */
export type AdminPost = ListedPost & { excerpt: string; bodyMarkdown: string; createdAt: string }

/** The fields a create or a save sends; a save sends only those it changes. */
export type PostFields = Pick<AdminPost, 'title' | 'slug' | 'excerpt' | 'author' | 'category' | 'bodyMarkdown' | 'coverImage' | 'coverAlt' | 'status' | 'publishedAt'>

/** The blog's categories so far, offered as the category's suggestions (any other may be typed). */
export const knownCategories = ['Reading Tips', 'Learning', 'Family', 'Activities', 'Kindness']
