import { formatLongDate } from '@/lib/dates'
import { isDigital, shipsOn, type BookFormat } from '@/lib/formats'

/**
 * What a cart with a pre-order tells before payment: it is paid today and
 * is one order, so it ships in one parcel when its last book is out; its
 * digital books open in the Library that day.
 */
export function PreorderNote({ items, className }: { items: { format: BookFormat; releaseDate?: string }[]; className?: string }) {
  const day = shipsOn(items)
  if (!day) return null
  const date = formatLongDate(day)
  const mixed = items.some((i) => !i.releaseDate)
  const digital = items.some((i) => i.releaseDate && isDigital(i.format))
  return (
    <p role="note" className={`rounded-xl bg-sky-100 p-3 text-sm text-ink ${className ?? ''}`}>
      <strong>Pre-order: </strong>
      {mixed
        ? `you pay today, and everything ships together in one parcel when every book is out, on ${date}.`
        : `you pay today, and it ships on ${date}.`}
      {digital && ' Digital books open in your Library that day.'}
    </p>
  )
}
