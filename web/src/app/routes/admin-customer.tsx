import { useParams } from 'react-router'
import { allows, useAdminMe } from '@/features/admin/context'
import { PermittedPage } from '@/features/admin/components/permitted-page'
import { CustomerPage } from '@/features/admin-customers/components/customer-page'

/** /admin/customers/:id: a customer's account and the help the role may give. */
export default function AdminCustomerRoute() {
  const { id = '' } = useParams()
  const me = useAdminMe()
  return (
    <PermittedPage permission="customers.read" title="Customer">
      <CustomerPage id={id} canResend={allows(me, 'emails.resend')} canHelp={allows(me, 'customers.help')} canGrant={allows(me, 'storybooks.grants')} />
    </PermittedPage>
  )
}
