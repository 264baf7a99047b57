// The back office's storybooks, as docs/storybooks.md defines them
// (internal/storybooks). The format's own words: a page, a choice, an ending.

export type StorybookStatus = 'draft' | 'published'

export const statusNames: Record<StorybookStatus, string> = { draft: 'Draft', published: 'Published' }

/** One row of GET /api/admin/storybooks; `problems` is a count. */
export type ListedStorybook = {
  id: number
  bookId: number
  bookTitle: string
  slug: string
  title: string
  status: StorybookStatus
  version: number
  paths: number
  endings: number
  problems: number
  updatedAt: string
}

export type Choice = { label: string; to: string }

/** A page as a save sends it. */
export type PageFields = {
  id: string
  text: string
  picture?: string
  /** What the picture shows, said to a child who cannot see it (the reader's alt). */
  alt?: string
  narration?: string
  /** One per word, in milliseconds from the narration's start. */
  timings?: number[]
  /** The ending's name; an ending has no choices. */
  ending?: string
  choices: Choice[]
}

/** A page as the server answers it: `html` (each word a span.w) and `words` are read only. */
export type StoryPage = PageFields & { html: string; words: number }

/** What keeps a storybook from being published, on one page ('' for the whole book). */
export type Problem = { page: string; message: string }

export type Report = { paths: number; endings: number; problems: Problem[] }

/** GET /api/admin/storybooks/{id} */
export type AdminStorybook = {
  id: number
  bookId: number
  slug: string
  title: string
  status: StorybookStatus
  version: number
  start: string
  previewPages: number
  pages: StoryPage[]
  report: Report
}

/** PUT /api/admin/storybooks/{id} */
export type StorybookSave = { version: number; title: string; start: string; previewPages: number; pages: PageFields[] }

/** POST /api/admin/storybooks/media */
export type UploadedMedia = { url: string; kind: 'picture' | 'narration'; size: number }

/** POST /api/admin/storybooks/{id}/grants */
export type Grant = { email: string; grantedAt: string }
