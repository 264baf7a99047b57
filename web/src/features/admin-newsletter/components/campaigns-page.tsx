import { Link } from 'react-router'
import { Mail, Plus } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { useCampaigns } from '../api/newsletter'
import { campaignStatusLabel, formatWhen } from '../format'
import { NoTrackingNote } from './no-tracking-note'

/** /admin/campaigns: every campaign with its state and counts, and a new one. */
export function CampaignsPage({ newPath, campaignPath }: { newPath: string; campaignPath: (id: number) => string }) {
  const list = useCampaigns()
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <NoTrackingNote />
        <Button asChild>
          <Link to={newPath}>
            <Plus /> New campaign
          </Link>
        </Button>
      </div>
      {list.isPending ? (
        <Loading label="Loading campaigns..." />
      ) : list.isError ? (
        <LoadFailed what="the campaigns" onRetry={() => void list.refetch()} />
      ) : list.data.campaigns.length === 0 ? (
        <EmptyState icon={Mail} title="No campaigns yet" description="Write the first letter to the families who asked for news." />
      ) : (
        <ul className="space-y-3">
          {list.data.campaigns.map((c) => (
            <li key={c.id}>
              <Card>
                <CardContent className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <Link to={campaignPath(c.id)} className="text-lg font-bold text-tiger-800 hover:underline">
                      {c.subject}
                    </Link>
                    <p className="text-sm text-muted">
                      {c.status === 'draft' ? `Changed ${formatWhen(c.updatedAt)}` : c.status === 'scheduled' ? `Sends ${formatWhen(c.sendAt)}` : `Started ${formatWhen(c.startedAt)}`}
                    </p>
                  </div>
                  <div className="flex items-center gap-3 text-sm">
                    {c.status !== 'draft' && (
                      <span>
                        {c.sent} of {c.recipients} sent
                      </span>
                    )}
                    <Badge>{campaignStatusLabel[c.status]}</Badge>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
