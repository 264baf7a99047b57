import { useParams } from 'react-router'
import { allows, useAdminMe } from '@/features/admin/context'
import { PermittedPage } from '@/features/admin/components/permitted-page'
import { OrderPage } from '@/features/admin-orders/components/order-page'

/** /admin/orders/:number: one order; the buttons are those the role may use (the server decides anyway). */
export default function AdminOrderRoute() {
  const { number = '' } = useParams()
  const me = useAdminMe()
  return (
    <PermittedPage permission="orders.read" title={`Order ${number}`}>
      <OrderPage
        number={number}
        may={{ act: allows(me, 'orders.write'), refund: allows(me, 'refunds'), resend: allows(me, 'emails.resend') }}
      />
    </PermittedPage>
  )
}
