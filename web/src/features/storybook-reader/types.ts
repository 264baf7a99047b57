import type { StoryPage } from '@/components/storybook/page-view'
import type { BookFormat } from '@/lib/formats'

export type { StoryPage }

/** A page of the story's map: where its choices lead, and whether it is an ending (by its name, where the API gives it). */
export type MapPage = { id: string; choices: string[]; ending?: string | boolean | null }

/** A published storybook as GET /api/storybooks/{slug} answers (docs/storybooks.md). */
export type Storybook = {
  id: number
  slug: string
  bookId: number
  title: string
  start: string
  previewPages: number
  /** The pages anyone may read. */
  preview: string[]
  /** How many endings the story has. */
  endings: number
  /** The caller's family has the edition: every page is theirs to read. */
  entitled: boolean
  /** The whole story's map, only for a family with the edition. */
  map?: MapPage[] | null
}

/** A storybook of the family's library (GET /api/library). */
export type LibraryBook = { id: number; slug: string; title: string; bookId: number; cover: string; endings: number; pages: number }

/** A file of a digital format the family bought (an e-book, an audiobook's track, a printable), with the downloads its purchase has left. */
export type LibraryFile = {
  purchaseId: string
  fileId: string
  bookId: number
  title: string
  format: BookFormat
  /** epub, pdf or audio */
  kind: string
  name: string
  size: number
  contentType: string
  downloadsLeft: number
  grantedAt: string
}

/** GET /api/library */
export type Library = { storybooks: LibraryBook[]; files: LibraryFile[] }

/** Who is reading: the parent ("me") or one of their children by id. */
export type ReaderId = string

/** One reader's progress in one storybook (GET/PUT /api/library/{id}/progress). */
export type Progress = { reader: ReaderId; page: string; visited: string[]; endings: string[]; updatedAt: string }
