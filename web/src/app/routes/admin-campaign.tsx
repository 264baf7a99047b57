import { useParams } from 'react-router'
import { paths } from '@/config/paths'
import { allows, useAdminMe } from '@/features/admin/context'
import { PermittedPage } from '@/features/admin/components/permitted-page'
import { CampaignEditor } from '@/features/admin-newsletter/components/campaign-editor'

/** /admin/campaigns/new and /admin/campaigns/:id: write, preview, test and send a campaign. */
export default function AdminCampaignRoute() {
  const { id } = useParams()
  const me = useAdminMe()
  const campaignId = id === undefined ? null : /^\d+$/.test(id) ? Number(id) : NaN
  return (
    <PermittedPage permission="campaigns" title={campaignId === null ? 'New campaign' : 'Campaign'}>
      <CampaignEditor key={String(campaignId)} id={campaignId} canSend={allows(me, 'newsletter')} campaignPath={paths.adminCampaign} />
    </PermittedPage>
  )
}
