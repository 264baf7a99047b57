import { cn } from '@/lib/cn'
import { stockLabel, stockTone, type StockTone } from '../stock'
import { statusNames, type BookStatus } from '../types'

const statusTones: Record<BookStatus, string> = {
  draft: 'bg-sun-100 text-ink',
  published: 'bg-leaf-100 text-leaf-800',
  archived: 'bg-line text-muted',
}

/** Draft, Published or Archived, as a small pill. */
export function StatusBadge({ status }: { status: BookStatus }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-bold', statusTones[status])}>{statusNames[status]}</span>
}

const stockTones: Record<StockTone, string> = {
  none: 'text-muted',
  out: 'bg-red-50 text-red-700 px-2.5',
  low: 'bg-tiger-100 text-tiger-800 px-2.5',
  ok: 'text-ink',
}

/** "Not tracked", "Out of stock" or "3 left"; the last copies and none at all stand out. */
export function StockBadge({ stock }: { stock: number | null }) {
  return <span className={cn('inline-flex items-center rounded-full py-0.5 text-sm font-bold whitespace-nowrap', stockTones[stockTone(stock)])}>{stockLabel(stock)}</span>
}
