import { useQuery } from '@tanstack/react-query'
import { Package } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Loading } from '@/components/ui/loading'
import { OrderStatusPills } from '@/components/ui/order-status'
import { paths } from '@/config/paths'
import { AfterPayment, OrderLines } from '@/features/account/components/orders-card'
import type { Order } from '@/features/account/types'
import { apiFetch } from '@/lib/api'
import { messageOf } from '@/lib/errors'

/** An order as a guest's link shows it (internal/orders StatusView): no address beyond the city. */
export type StatusOrder = Omit<Order, 'shippingInfo'> & { shipTo: { city: string; country: string } }

/** The order the link's token names; the token goes in the body, never in a URL the server logs. */
function useOrderStatus(token: string) {
  return useQuery({
    queryKey: ['order-status', token],
    queryFn: () => apiFetch<StatusOrder>('/api/order-status', { method: 'POST', json: { token } }),
    enabled: token !== '',
    retry: false,
  })
}

/** /order-status?token=: a guest follows an order from the link in its e-mails: its status, parcel and refunds. */
export default function OrderStatusRoute() {
  const [params] = useSearchParams()
  return <OrderStatusPage token={params.get('token') ?? ''} />
}

function OrderStatusPage({ token }: { token: string }) {
  const status = useOrderStatus(token)
  if (token && status.isPending) return <Loading label="Finding your order…" />
  if (!token || status.isError) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="p-6">
          <Package className="size-10 text-tiger-700" aria-hidden="true" />
          <h1 className="mt-3 text-2xl font-bold">We could not open this order</h1>
          <Alert tone="error" className="mt-4">
            {token ? messageOf(status.error) : 'This link is not complete. Please open the link from your e-mail again.'}
          </Alert>
          <Button asChild variant="outline" className="mt-4">
            <Link to={paths.books}>Browse Books</Link>
          </Button>
        </Card>
      </div>
    )
  }
  return <OrderDetails order={status.data!} />
}

function OrderDetails({ order: o }: { order: StatusOrder }) {
  const place = [o.shipTo.city, o.shipTo.country].filter(Boolean).join(', ')
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold sm:text-4xl">Order {o.number}</h1>
      <p className="mt-1 text-muted">Placed on {new Date(o.createdAt).toLocaleDateString('en-US', { dateStyle: 'long' })}</p>
      <div className="mt-3">
        <OrderStatusPills payment={o.paymentStatus} fulfillment={o.fulfillmentStatus} />
      </div>
      <Card className="mt-6 p-6" role="region" aria-labelledby="order-status-lines">
        <h2 id="order-status-lines" className="text-xl font-bold">
          Your books
        </h2>
        <OrderLines order={o} className="mt-3" />
        {place && <p className="mt-3">Shipping to {place}</p>}
        <AfterPayment order={o} />
      </Card>
      <p className="mt-6 text-sm text-muted">
        Anyone with the link from your e-mail can see this page, so please keep that e-mail to yourself. Questions?{' '}
        <Link to={paths.contact} className="font-bold text-tiger-800 underline underline-offset-4">
          Write to us
        </Link>{' '}
        and mention your order number.
      </p>
    </div>
  )
}
