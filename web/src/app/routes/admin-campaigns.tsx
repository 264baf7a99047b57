import { paths } from '@/config/paths'
import { PermittedPage } from '@/features/admin/components/permitted-page'
import { CampaignsPage } from '@/features/admin-newsletter/components/campaigns-page'

/** /admin/campaigns: the newsletter's letters (editors draft, managers and owners send). */
export default function AdminCampaignsRoute() {
  return (
    <PermittedPage permission="campaigns" title="Campaigns" intro="Letters to the families who asked for news: new books, launches and reading ideas.">
      <CampaignsPage newPath={paths.adminCampaignNew} campaignPath={paths.adminCampaign} />
    </PermittedPage>
  )
}
