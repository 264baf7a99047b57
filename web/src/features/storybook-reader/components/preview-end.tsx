import { ArrowLeft, BookOpen, LogIn } from 'lucide-react'
import type { Ref } from 'react'
import { Link } from 'react-router'
import { CharacterFigure } from '@/components/art/characters'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import type { Storybook } from '../types'

/**
 * Where the free pages end: the story goes on in the full book. A grown-up
 * gets the book's page (and, signed out, a way in for a family that has it
 * already); a child in kid mode, where the shop is put away, is asked to
 * fetch one.
 */
export function PreviewEnd({ book, signedIn, kid, headingRef, onBack }: { book: Storybook; signedIn: boolean; kid: boolean; headingRef: Ref<HTMLHeadingElement>; onBack: () => void }) {
  return (
    <section aria-labelledby="preview-end" className="mx-auto flex max-w-2xl animate-page-turn flex-col items-center gap-5 py-6 text-center">
      <CharacterFigure id="siso" decorative className="h-40 w-auto" />
      <h2 id="preview-end" ref={headingRef} tabIndex={-1} className="text-3xl font-bold sm:text-4xl">
        The rest of this story is waiting in the full book
      </h2>
      {kid ? (
        <p className="text-xl text-muted">Ask a grown-up to get the full book, and you can find out what happens next!</p>
      ) : (
        <>
          <p className="text-xl text-muted">You have read the first pages of {book.title}. Get the full book to choose every path and find all {book.endings} endings.</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.book(book.bookId)}>
                <BookOpen /> Get the full book
              </Link>
            </Button>
            {!signedIn && (
              <Button asChild size="lg" variant="outline">
                <Link to={paths.login} state={{ from: { pathname: paths.read(book.slug) } }}>
                  <LogIn /> I have it: log in
                </Link>
              </Button>
            )}
          </div>
        </>
      )}
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft /> Back to the story
      </Button>
    </section>
  )
}
