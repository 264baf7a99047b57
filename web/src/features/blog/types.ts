/** A published post as the blog lists it (GET /api/posts). */
export type PostSummary = {
  id: number
  slug: string
  title: string
  excerpt: string
  author: string
  date: string // YYYY-MM-DD
  category: string
  /** A picture on this site; empty when the post has none. */
  image: string
  imageAlt: string
}

/** A published post as its page shows it (GET /api/posts/{id}): html is sanitized by the server. */
export type Article = PostSummary & { html: string; readMinutes: number }
