import { PermittedPage } from '@/features/admin/components/permitted-page'
import { SettingsPage } from '@/features/admin-shop/components/settings-page'

/** /admin/settings: tax and shipping, as the checkout, /shipping and the FAQ use them. */
export default function AdminSettingsRoute() {
  return (
    <PermittedPage permission="settings" title="Settings" intro="Tax and shipping: the checkout charges these, and /shipping and the FAQ state them.">
      <SettingsPage />
    </PermittedPage>
  )
}
