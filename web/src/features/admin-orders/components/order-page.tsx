import { ArrowLeft, Ban, CheckCircle2, Mail, ReceiptText, Truck } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api'
import { formatCents } from '@/lib/money'
import { useAdminOrder } from '../api/orders'
import type { AdminOrder } from '../types'
import { ActionDialogs, type OrderDialog } from './order-dialogs'
import { Buyer, Lines, Parcel, Payment, Refunds } from './order-panels'
import { Timeline } from './order-timeline'
import { placedAt } from './orders-list'
import { OrderStatusBadge } from './status-badge'

/** What the staff member's role lets them do here (the server checks again). */
export type DeskPermissions = { act: boolean; refund: boolean; resend: boolean }

/** One order on the desk: lines, totals, buyer, payment, parcel, refunds, timeline and notes, with the actions its state and the role allow. */
export function OrderPage({ number, may }: { number: string; may: DeskPermissions }) {
  const order = useAdminOrder(number)
  const [dialog, setDialog] = useState<OrderDialog>(null)
  if (order.isPending) return <Loading label="Loading the order..." />
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NotFound number={number} />
    return <LoadFailed what="the order" onRetry={() => void order.refetch()} />
  }
  const o = order.data
  const can = (a: AdminOrder['actions'][number]) => o.actions.includes(a)
  const buttons: ReactNode[] = []
  if (may.act && can('fulfil'))
    buttons.push(
      <Button key="fulfil" onClick={() => setDialog('fulfil')}>
        <Truck aria-hidden="true" /> Mark as shipped
      </Button>,
    )
  if (may.act && can('deliver'))
    buttons.push(
      <Button key="deliver" variant="outline" onClick={() => setDialog('deliver')}>
        <CheckCircle2 aria-hidden="true" /> Mark as delivered
      </Button>,
    )
  if (may.refund && can('refund'))
    buttons.push(
      <Button key="refund" variant="outline" onClick={() => setDialog('refund')}>
        <ReceiptText aria-hidden="true" /> Refund
      </Button>,
    )
  if (may.act && can('cancel'))
    buttons.push(
      <Button key="cancel" variant="outline" className="text-red-700 hover:bg-red-50" onClick={() => setDialog('cancel')}>
        <Ban aria-hidden="true" /> Cancel order
      </Button>,
    )
  if (may.resend && o.paidAt && o.buyer.email)
    buttons.push(
      <Button key="resend" variant="ghost" onClick={() => setDialog('resend')}>
        <Mail aria-hidden="true" /> Resend confirmation
      </Button>,
    )

  return (
    <div className="flex flex-col gap-6">
      <Link to={paths.adminOrders} className="inline-flex w-fit items-center gap-1 font-bold text-tiger-800 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> All orders
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge order={o} />
        <span className="text-muted">Placed {placedAt(o.createdAt)}</span>
        <span className="font-bold tabular-nums">{formatCents(o.totalCents)}</span>
      </div>
      {buttons.length > 0 && (
        <div role="group" aria-label="Actions" className="flex flex-wrap gap-3">
          {buttons}
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          <Lines order={o} />
          <Refunds order={o} />
          <Timeline order={o} canNote={may.act} />
        </div>
        <div className="flex flex-col gap-6">
          <Buyer order={o} />
          <Payment order={o} />
          {o.fulfilment && <Parcel order={o} />}
        </div>
      </div>

      <ActionDialogs order={o} open={dialog} onClose={() => setDialog(null)} />
    </div>
  )
}

function NotFound({ number }: { number: string }) {
  return (
    <div className="rounded-2xl border-2 border-line bg-white p-6">
      <p className="text-lg font-bold">There is no order {number}.</p>
      <Link to={paths.adminOrders} className="mt-2 inline-block font-bold text-tiger-800 underline underline-offset-4">
        Back to all orders
      </Link>
    </div>
  )
}
