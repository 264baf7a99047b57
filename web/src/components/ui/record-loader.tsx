import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ApiError } from '@/lib/api'
import { Alert } from './alert'
import { LoadFailed } from './load-failed'
import { Loading } from './loading'

/**
 * The record a back-office editor opens, loaded one way: an id that cannot
 * name one (`missing`) or a 404 says "There is no such …" with a way back; a
 * fresh read shows Loading (the form starts from what is saved now, not from
 * a copy kept since the record was last open); another failure offers to
 * try again; then `children` get the record.
 *
 *   <RecordLoader query={useAdminBook(id)} what="book" back={{ to: paths.adminBooks, label: 'Back to the books' }} missing={!valid}>
 *     {(book) => <BookForm key={book.id} loaded={book} />}
 *   </RecordLoader>
 */
export function RecordLoader<T>({
  query,
  what,
  back,
  missing = false,
  children,
}: {
  query: UseQueryResult<T>
  /** The record in words: "book" reads "There is no such book.", "Loading the book...". */
  what: string
  back: { to: string; label: string }
  /** The URL's id cannot name a record (the query does not run). */
  missing?: boolean
  children: (record: T) => ReactNode
}) {
  if (missing || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Alert tone="error">
        <p className="font-bold">There is no such {what}.</p>
        <Link to={back.to} className="mt-2 inline-block font-bold underline">
          {back.label}
        </Link>
      </Alert>
    )
  }
  if (query.isPending || (query.isFetching && !query.isFetchedAfterMount)) return <Loading label={`Loading the ${what}...`} />
  if (query.isError) return <LoadFailed what={`the ${what}`} onRetry={() => void query.refetch()} />
  return children(query.data)
}
