import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, RotateCcw } from 'lucide-react'
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { KeepForOffline } from '@/components/offline/keep-for-offline'
import { PageView, type StoryPage } from '@/components/storybook/page-view'
import { ReadToMeButton, useReadAloud } from '@/components/storybook/read-to-me'
import { Button } from '@/components/ui/button'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { afterPaint } from '@/lib/after-paint'
import { ApiError } from '@/lib/api'
import { usePageMeta } from '@/lib/page-meta'
import { isBeyondPreview, storyPageQueryOptions } from '../api/get-page'
import { useStorybook } from '../api/get-storybook'
import { progressQueryOptions, useSaveProgress } from '../api/progress'
import { useReader, useTextSize } from '../preferences'
import { canRead, currentPage, readingReducer, startReading, union, type Reading } from '../reading'
import type { Progress, Storybook } from '../types'
import { EndingNext } from './ending-next'
import { PreviewEnd } from './preview-end'
import { TextSizePicker } from './text-size-picker'

/** What a storybook's slug (its book's) can be; the server renders anything else as the not-found page without asking (internal/server/pages.go). */
export const isStorySlug = (slug: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)

/** What the library hands the reader when a child continues where they stopped. */
export type ReaderState = { continue?: boolean }

/**
 * The reader of /read/{slug}: the story page by page, choice by choice.
 * The server renders its start for everyone; a signed-in family then gets
 * their own answer (the edition, the map) and their reader's progress,
 * saved after each page turn.
 */
export function StoryReader({ slug, userId, kid, notFound }: { slug: string; userId: string | null; kid: boolean; notFound: ReactNode }) {
  const valid = isStorySlug(slug)
  const storybook = useStorybook(slug, userId, valid)
  usePageMeta(storybook.data?.title, storybook.data && `Read the first pages of ${storybook.data.title}, an interactive storybook where you choose what happens next.`)
  if (!valid || (storybook.error instanceof ApiError && storybook.error.status === 404)) return notFound
  if (storybook.isPending) return <Loading label="Opening the storybook..." className="min-h-[100svh]" />
  if (storybook.isError) return <LoadFailed what="this storybook" onRetry={() => void storybook.refetch()} className="mx-auto my-16 max-w-xl" />
  return <Reader key={storybook.data.id} book={storybook.data} userId={userId} kid={kid} />
}

function Reader({ book, userId, kid }: { book: Storybook; userId: string | null; kid: boolean }) {
  const [reading, dispatch] = useReducer(readingReducer, book.start, startReading)
  const [textSize, setTextSize] = useTextSize()
  const id = currentPage(reading)
  const readable = canRead(book, id)
  const page = useQuery({ ...storyPageQueryOptions(book.slug, id, book.preview.includes(id), userId), enabled: readable })
  const locked = !readable || isBeyondPreview(page.error)
  const { progress, found, saveFailed } = useProgress(book, book.entitled ? userId : null, reading, page.data)
  const aloud = useReadAloud(page.data)
  usePrefetch(book, userId, page.data)

  // A turn the reader made (not the first page) moves focus to the new page's heading and says it.
  const headingRef = useRef<HTMLHeadingElement>(null)
  const cardRef = useRef<HTMLDivElement>(null)
  const turned = useRef(false)
  // Whether the child had scrolled the page's top away when they turned it: read at the tap, while the
  // layout is fresh, rather than after the new page is in the document, which would lay it out twice.
  const scrolledPast = useRef(false)
  const [announcement, setAnnouncement] = useState('')
  const turn = useCallback((action: Parameters<typeof dispatch>[0]) => {
    turned.current = true
    scrolledPast.current = (cardRef.current?.getBoundingClientRect().top ?? 0) < 0
    dispatch(action)
  }, [])
  const heading = `Page ${reading.trail.length}`
  const shown = locked ? 'locked' : page.data ? page.data.id : null
  useLayoutEffect(() => {
    if (!turned.current || shown === null) return
    // A child who scrolled down to the choices starts the new page at its top, picture first.
    if (scrolledPast.current) cardRef.current?.scrollIntoView({ block: 'start' })
    scrolledPast.current = false
    // The new page is painted first (issue 35: shown within 100 ms of the tap); focus and the announcement follow it.
    const said = shown === 'locked' ? 'The rest of this story is waiting in the full book' : page.data?.ending ? `${heading}. The end: ${page.data.ending}` : heading
    return afterPaint(() => {
      headingRef.current?.focus({ preventScroll: true })
      setAnnouncement(said)
    })
    // Only a new page is announced, not a refetch of the same one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, reading.trail.length])

  const restart = () => turn({ type: 'open', page: book.start })
  const open = useCallback((page: string) => dispatch({ type: 'open', page }), [])
  useContinue(book, progress, turned, open)

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <h1 className="text-3xl font-bold sm:text-4xl">{book.title}</h1>
        <div className="flex flex-wrap items-center gap-3" role="group" aria-label="Reading tools">
          <Button variant="outline" onClick={() => turn({ type: 'back' })} disabled={reading.trail.length < 2}>
            <ArrowLeft /> Back
          </Button>
          <ReadToMeButton aloud={aloud} disabled={!page.data || locked} />
          <TextSizePicker value={textSize} onChange={setTextSize} />
          <Button variant="outline" onClick={restart}>
            <RotateCcw /> Start again
          </Button>
        </div>
      </header>
      {userId !== null && book.entitled && <KeepForOffline slug={book.slug} className="mt-4" />}
      {(aloud.message || saveFailed) && (
        <p role="status" className="mt-3 font-semibold text-tiger-800">
          {aloud.message || 'We could not save where you stopped just now. Keep reading: we will try again on the next page.'}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {/* scroll-mt keeps the page's top clear of the sticky header. */}
      <div ref={cardRef} className="mt-6 min-h-[60svh] scroll-mt-24 rounded-[2rem] bg-white p-4 shadow-sm sm:p-8">
        {locked ? (
          <PreviewEnd book={book} signedIn={userId !== null} kid={kid} headingRef={headingRef} onBack={() => turn({ type: 'back' })} />
        ) : page.data ? (
          <PageView
            page={page.data}
            heading={heading}
            headingRef={headingRef}
            textSize={textSize}
            highlight={aloud.highlight}
            turned={reading.trail.length > 1}
            onChoose={(to) => turn({ type: 'choose', to })}
            ending={<EndingNext book={book} found={found} visited={union(progress?.visited ?? [], reading.visited)} current={id} onRestart={restart} />}
          />
        ) : page.isError ? (
          <PageFailed error={page.error} onRetry={() => void page.refetch()} onRestart={restart} />
        ) : (
          <Loading label="Turning the page..." />
        )}
      </div>
    </div>
  )
}

function PageFailed({ error, onRetry, onRestart }: { error: Error; onRetry: () => void; onRestart: () => void }) {
  if (!(error instanceof ApiError && error.status === 404)) return <LoadFailed what="this page" onRetry={onRetry} />
  return (
    <div role="alert" className="flex flex-col items-start gap-4 p-4">
      <p className="text-xl font-bold">This page has gone missing from the story.</p>
      <Button onClick={onRestart}>
        <RotateCcw /> Start again
      </Button>
    </div>
  )
}

/**
 * The reader's progress (a family with the edition only: familyId is the
 * signed-in parent's): the endings
 * found so far, here and before, and a save after each page turned to.
 */
function useProgress(book: Storybook, familyId: string | null, reading: Reading, page: StoryPage | undefined) {
  const [reader, , known] = useReader()
  const family = familyId !== null
  const progress = useQuery({ ...progressQueryOptions(familyId ?? '', book.id, reader), enabled: family && known })
  const { mutate, isError: saveFailed } = useSaveProgress(familyId ?? '', book.id, reader)
  // The endings read here: by the map, which a family with the edition has, or the page shown.
  const endingsHere = union(
    reading.visited.filter((id) => book.map?.some((p) => p.id === id && p.ending)),
    page?.ending ? [page.id] : [],
  )
  const found = union(progress.data?.endings ?? [], endingsHere)
  const saved = useRef<string | null>(null)
  useEffect(() => {
    // The page the story opens on is no turn: nothing to save yet.
    const opening = saved.current === null && reading.trail.length === 1 && page?.id === book.start
    if (!page || !family || !known || opening || saved.current === page.id) return
    saved.current = page.id
    const update = { page: page.id, visited: union(progress.data?.visited ?? [], reading.visited), endings: found, updatedAt: new Date().toISOString() }
    // After the page is painted: the child does not wait for the save. Never cancelled, so a quick turn loses none.
    afterPaint(() => mutate(update))
    // Saved once per page shown, with what is known of the progress then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, family, known])
  return { progress: progress.data, found, saveFailed }
}

/** From the library's "Continue": once the reader's progress is known, open the page where they stopped, unless they have turned one already. */
function useContinue(book: Storybook, progress: Progress | undefined, turned: React.RefObject<boolean>, open: (page: string) => void) {
  const location = useLocation()
  const wanted = (location.state as ReaderState | null)?.continue === true
  const done = useRef(false)
  useEffect(() => {
    const page = progress?.page
    if (!wanted || done.current || !page || turned.current) return
    done.current = true
    if (page !== book.start) open(page)
  }, [wanted, progress, turned, open, book.start])
}

/**
 * The pages the current page's choices lead to, asked for while the child
 * reads it, once it is painted, so the next page shows at once after a
 * choice. Their pictures are loaded and decoded ahead too, and held until
 * the next turn so the browser keeps them decoded: the new page's picture
 * then paints without parsing or decoding it first. Only pages the caller
 * may read: asking for the others would be refused anyway.
 */
function usePrefetch(book: Storybook, userId: string | null, page: StoryPage | undefined) {
  const client = useQueryClient()
  const pictures = useRef<HTMLImageElement[]>([])
  useEffect(() => {
    if (!page) return
    return afterPaint(() => {
      // The picture shown now is held by its <img>; the ones ahead replace it here.
      const ahead: HTMLImageElement[] = (pictures.current = [])
      for (const choice of page.choices) {
        if (!canRead(book, choice.to)) continue
        client.fetchQuery(storyPageQueryOptions(book.slug, choice.to, book.preview.includes(choice.to), userId)).then(
          (next) => {
            if (!next.picture) return
            const picture = new Image()
            picture.src = next.picture
            ahead.push(picture)
            picture.decode().catch(() => {}) // a picture that cannot be shown says so (its alt) on its page
          },
          () => {}, // the page says so when it is opened
        )
      }
    })
  }, [client, book, userId, page])
}
