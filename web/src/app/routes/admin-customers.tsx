import { PermittedPage } from '@/features/admin/components/permitted-page'
import { CustomersList } from '@/features/admin-customers/components/customers-list'

/** /admin/customers: find a customer's account. */
export default function AdminCustomersRoute() {
  return (
    <PermittedPage permission="customers.read" title="Customers" intro="Find an account by e-mail or name, then open it to help its owner.">
      <CustomersList />
    </PermittedPage>
  )
}
