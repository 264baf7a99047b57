import { PermittedPage } from '@/features/admin/components/permitted-page'
import { SubscribersPage } from '@/features/admin-newsletter/components/subscribers-page'

/** /admin/newsletter: the newsletter's subscribers (managers and owners). */
export default function AdminNewsletterRoute() {
  return (
    <PermittedPage permission="newsletter" title="Newsletter" intro="Who asked for our news, from where and since when. Only confirmed addresses get campaigns.">
      <SubscribersPage />
    </PermittedPage>
  )
}
