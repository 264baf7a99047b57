import { Bell } from 'lucide-react'
import { useWaitingCount } from '../api/notify'

/** The book editor's line: how many families wait to hear the book is back. */
export function WaitingCount({ bookId }: { bookId: number }) {
  const count = useWaitingCount(bookId)
  if (!count.data || (count.data.waiting === 0 && count.data.pending === 0)) return null
  const { waiting, pending } = count.data
  return (
    <p className="mb-4 flex items-center gap-2 rounded-2xl border-2 border-sun-300 bg-sun-100 p-3 font-bold" role="status">
      <Bell className="size-5 text-tiger-700" aria-hidden="true" />
      {waiting === 1 ? '1 family waits' : `${waiting} families wait`} to hear this book is back
      {pending > 0 && <span className="font-normal text-muted">({pending} more not confirmed yet)</span>}
    </p>
  )
}
