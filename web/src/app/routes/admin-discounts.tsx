import { PermittedPage } from '@/features/admin/components/permitted-page'
import { DiscountsPage } from '@/features/admin-shop/components/discounts-page'

/** /admin/discounts: the codes buyers type in the cart. */
export default function AdminDiscountsRoute() {
  return (
    <PermittedPage permission="discounts" title="Discounts" intro="Codes buyers type in the cart: a percentage or an amount off, with their rules and uses.">
      <DiscountsPage />
    </PermittedPage>
  )
}
