import { useQuery } from '@tanstack/react-query'
import { BookOpen, Play, Star } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { KeepForOffline } from '@/components/offline/keep-for-offline'
import { Button } from '@/components/ui/button'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { cn } from '@/lib/cn'
import { useKids } from '@/lib/kids'
import { libraryQueryOptions } from '../api/get-library'
import { progressQueryOptions } from '../api/progress'
import { PARENT, useReader } from '../preferences'
import { foundSentence } from '../reading'
import type { LibraryBook, ReaderId } from '../types'
import { LibraryFiles } from './library-files'
import type { ReaderState } from './story-reader'

type Reader = { id: ReaderId; name: string }

/**
 * The family's storybooks (/library): who is reading (the parent or one
 * of their children, kept for this tab, so the reader saves their
 * progress), and each story with that reader's endings found and where
 * they stopped.
 */
export function Library({ userId, parentName, kid, handOver }: { userId: string; parentName: string; kid: boolean; handOver?: ReactNode }) {
  const library = useQuery(libraryQueryOptions())
  const kids = useKids()
  const [chosen, choose] = useReader()
  const readers: Reader[] = [{ id: PARENT, name: parentName }, ...(kids.data ?? []).map((k) => ({ id: k.id, name: k.name }))]
  // A child no longer on the profile (removed in another tab) reads as the parent.
  const reader = kids.isSuccess && !readers.some((r) => r.id === chosen) ? PARENT : chosen

  return (
    <Page title="My storybooks" intro="Stories where you choose what happens next. Who is reading today?">
      <WhoIsReading readers={readers} current={reader} onPick={choose} />
      <div className="mt-6">{handOver}</div>
      <section aria-labelledby="library-books" className="mt-10">
        <h2 id="library-books" className="sr-only">
          Storybooks
        </h2>
        {library.isPending ? (
          <Loading label="Opening the library..." />
        ) : library.isError ? (
          <LoadFailed what="your storybooks" onRetry={() => void library.refetch()} />
        ) : library.data.storybooks.length === 0 ? (
          // A family with files but no storybook sees its files below, not "nothing here" (kid mode hides the files).
          (kid || library.data.files.length === 0) && <NoStorybooks kid={kid} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {library.data.storybooks.map((book) => (
              <LibraryCard key={book.id} userId={userId} book={book} reader={reader} />
            ))}
          </ul>
        )}
      </section>
      {/* Files are the grown-ups' to download: not in kid mode. */}
      {library.data && !kid && <LibraryFiles files={library.data.files} />}
    </Page>
  )
}

function WhoIsReading({ readers, current, onPick }: { readers: Reader[]; current: ReaderId; onPick: (id: ReaderId) => void }) {
  return (
    <section aria-labelledby="who-is-reading" className="rounded-3xl bg-sun-100 p-5">
      <h2 id="who-is-reading" className="text-2xl font-bold">
        Who is reading?
      </h2>
      <div role="radiogroup" aria-labelledby="who-is-reading" className="mt-4 flex flex-wrap gap-3">
        {readers.map((r) => (
          <button
            key={r.id}
            type="button"
            role="radio"
            aria-checked={r.id === current}
            onClick={() => onPick(r.id)}
            className={cn(
              'flex min-h-14 cursor-pointer items-center gap-3 rounded-full border-4 px-5 py-2 text-lg font-bold transition',
              r.id === current ? 'border-tiger-700 bg-tiger-700 text-white' : 'border-tiger-200 bg-white text-ink hover:border-tiger-400',
            )}
          >
            <span aria-hidden="true" className={cn('flex size-9 items-center justify-center rounded-full font-display', r.id === current ? 'bg-white text-tiger-800' : 'bg-sun-300')}>
              {r.name.slice(0, 1).toUpperCase()}
            </span>
            {r.name}
          </button>
        ))}
      </div>
    </section>
  )
}

function LibraryCard({ userId, book, reader }: { userId: string; book: LibraryBook; reader: ReaderId }) {
  const progress = useQuery(progressQueryOptions(userId, book.id, reader))
  // No progress yet is a reader who has not started, not a failure.
  const notStarted = progress.error instanceof ApiError && progress.error.status === 404
  const saved = progress.data && progress.data.visited.length > 0 ? progress.data : null
  return (
    <li className="flex flex-col overflow-hidden rounded-3xl border-2 border-line bg-white shadow-sm">
      <img src={book.cover} alt="" width={400} height={600} className="aspect-[4/3] w-full bg-tiger-50 object-contain p-4" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-2xl font-bold">{book.title}</h3>
        <p className="flex items-center gap-2 text-lg font-semibold text-muted" aria-live="polite">
          <Star className="size-5 fill-sun-400 text-tiger-600" aria-hidden="true" />
          {progress.isPending ? 'Looking for your place...' : progress.isError && !notStarted ? 'We could not load your place just now.' : foundSentence(saved?.endings.length ?? 0, book.endings)}
        </p>
        <KeepForOffline slug={book.slug} />
        <div className="mt-auto flex flex-wrap gap-3">
          {saved ? (
            <>
              <Button asChild size="lg">
                <Link to={paths.read(book.slug)} state={{ continue: true } satisfies ReaderState} aria-label={`Continue ${book.title}`}>
                  <Play /> Continue
                </Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link to={paths.read(book.slug)} aria-label={`Read ${book.title} from the start`}>
                  From the start
                </Link>
              </Button>
            </>
          ) : (
            <Button asChild size="lg">
              <Link to={paths.read(book.slug)} aria-label={`Read ${book.title}`}>
                <BookOpen /> Read
              </Link>
            </Button>
          )}
        </div>
      </div>
    </li>
  )
}

function NoStorybooks({ kid }: { kid: boolean }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center">
      <span className="flex size-24 items-center justify-center rounded-full bg-sun-100">
        <BookOpen className="size-12 text-tiger-500" aria-hidden="true" />
      </span>
      <p className="mt-6 text-2xl font-bold">No storybooks here yet</p>
      <p className="mt-3 text-lg text-muted">
        {kid ? 'Ask a grown-up to add a storybook to your library.' : 'A storybook you get, or one given to your family, shows up here for everyone in the family to read.'}
      </p>
      {!kid && (
        <Button asChild className="mt-8">
          <Link to={paths.books}>Find a storybook</Link>
        </Button>
      )}
    </div>
  )
}
