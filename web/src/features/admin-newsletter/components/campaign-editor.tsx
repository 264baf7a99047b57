import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { Eye, Save, Send, TestTube } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input, Textarea } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { LoadFailed } from '@/components/ui/load-failed'
import { Loading } from '@/components/ui/loading'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { ApiError } from '@/lib/api'
import { messageOf } from '@/lib/errors'
import { useCampaign, usePreviewCampaign, useSaveCampaign, useSendCampaign, useTestCampaign } from '../api/newsletter'
import { campaignStatusLabel, formatWhen } from '../format'
import type { Campaign, CampaignDraft } from '../types'
import { NoTrackingNote } from './no-tracking-note'

const starter: CampaignDraft = { subject: '', preview: '', markdown: 'Hello friends,\n\nWrite your news here. A book card:\n\n{{book 3}}\n\nHappy reading!\nSiso, Nainni, Lizzie and FeeFee' }

/** A campaign: loaded by id, or a new draft. */
export function CampaignEditor({ id, canSend, campaignPath }: { id: number | null; canSend: boolean; campaignPath: (id: number) => string }) {
  const campaign = useCampaign(id ?? 0)
  if (id !== null && !(id > 0)) return <Alert tone="error">There is no such campaign. Go back to the list of campaigns.</Alert>
  if (id === null) return <CampaignForm key="new" campaign={null} canSend={canSend} campaignPath={campaignPath} />
  if (campaign.isPending) return <Loading label="Loading the campaign..." />
  if (campaign.isError) return <LoadFailed what="the campaign" onRetry={() => void campaign.refetch()} />
  return <CampaignForm key={campaign.data.id} campaign={campaign.data} canSend={canSend} campaignPath={campaignPath} />
}

function CampaignForm({ campaign, canSend, campaignPath }: { campaign: Campaign | null; canSend: boolean; campaignPath: (id: number) => string }) {
  const navigate = useNavigate()
  const [draft, setDraft] = useState<CampaignDraft>(campaign ? { subject: campaign.subject, preview: campaign.preview, markdown: campaign.markdown } : starter)
  const save = useSaveCampaign()
  const preview = usePreviewCampaign()
  const test = useTestCampaign()
  const editable = !campaign || campaign.status === 'draft'
  const fields = save.error instanceof ApiError ? save.error.fields : {}
  const set = (k: keyof CampaignDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }))

  // The preview follows the text, once typing pauses.
  const { mutate: showPreview } = preview
  useEffect(() => {
    const t = setTimeout(() => showPreview(draft), 400)
    return () => clearTimeout(t)
  }, [draft, showPreview])

  const onSave = () =>
    save.mutate(
      { id: campaign?.id, version: campaign?.version, draft },
      { onSuccess: (c) => (!campaign ? navigate(campaignPath(c.id), { replace: true }) : undefined) },
    )

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <div className="space-y-6">
        {campaign && (
          <div className="flex flex-wrap items-center gap-3">
            <Badge>{campaignStatusLabel[campaign.status]}</Badge>
            {campaign.status === 'scheduled' && <span className="text-sm">Sends {formatWhen(campaign.sendAt)}</span>}
          </div>
        )}
        {campaign && campaign.status !== 'draft' && <CampaignCounts campaign={campaign} />}
        <Card>
          <CardHeader>
            <CardTitle>The letter</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="campaign-subject">Subject</Label>
              <Input id="campaign-subject" value={draft.subject} onChange={set('subject')} disabled={!editable} aria-invalid={fields.subject ? true : undefined} maxLength={150} />
              {fields.subject && <p className="text-sm font-bold text-red-700">{fields.subject}</p>}
            </div>
            <div className="space-y-2">
              <Label htmlFor="campaign-preview">Preview text</Label>
              <Input id="campaign-preview" value={draft.preview} onChange={set('preview')} disabled={!editable} maxLength={200} aria-describedby="campaign-preview-hint" />
              <p id="campaign-preview-hint" className="text-sm text-muted">
                The line inboxes show after the subject.
              </p>
              {fields.preview && <p className="text-sm font-bold text-red-700">{fields.preview}</p>}
            </div>
            <div className="space-y-2">
              <Label htmlFor="campaign-body">Body (Markdown)</Label>
              <Textarea id="campaign-body" rows={14} value={draft.markdown} onChange={set('markdown')} disabled={!editable} aria-describedby="campaign-body-hint" className="font-mono text-sm" />
              <p id="campaign-body-hint" className="text-sm text-muted">
                Write <code>{'{{book 3}}'}</code> on its own line for a book's card: cover, title, price and a link to its page.
              </p>
              {fields.markdown && <p className="text-sm font-bold text-red-700">{fields.markdown}</p>}
            </div>
            {save.isError && !Object.keys(fields).length && <Alert tone="error">{messageOf(save.error)}</Alert>}
            {save.isSuccess && campaign && <Alert tone="success">Draft saved.</Alert>}
            <div className="flex flex-wrap gap-3">
              {editable && (
                <Button onClick={onSave} disabled={save.isPending}>
                  <Save /> {campaign ? 'Save draft' : 'Create draft'}
                </Button>
              )}
              {campaign && (
                <Button variant="outline" disabled={test.isPending} onClick={() => test.mutate(campaign.id)}>
                  <TestTube /> Send me a test
                </Button>
              )}
            </div>
            {test.isSuccess && <Alert tone="success">A test is on its way to {test.data.sentTo}.</Alert>}
            {test.isError && <Alert tone="error">{messageOf(test.error)}</Alert>}
          </CardContent>
        </Card>
        {campaign && campaign.status === 'draft' && (canSend ? <SendPanel campaign={campaign} dirty={isDirty(campaign, draft)} /> : <Alert>A manager or the owner sends campaigns. Save your draft and tell them it is ready.</Alert>)}
        <NoTrackingNote />
      </div>
      <PreviewPanel html={preview.data?.html} from={preview.data?.from} subject={preview.data?.subject} error={preview.isError ? messageOf(preview.error) : ''} />
    </div>
  )
}

function isDirty(c: Campaign, d: CampaignDraft) {
  return c.subject !== d.subject || c.preview !== d.preview || c.markdown !== d.markdown
}

function CampaignCounts({ campaign: c }: { campaign: Campaign }) {
  const items: [string, number][] = [
    ['Recipients', c.recipients],
    ['Sent', c.sent],
    ['Failed', c.failed],
    ['Waiting', c.queued],
    ['Unsubscribed since', c.unsubscribed],
  ]
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Campaign counts">
      {items.map(([label, n]) => (
        <li key={label} className="rounded-2xl border-2 border-tiger-100 bg-white p-3">
          <p className="text-2xl font-extrabold">{n}</p>
          <p className="text-sm text-muted">{label}</p>
        </li>
      ))}
    </ul>
  )
}

function SendPanel({ campaign, dirty }: { campaign: Campaign; dirty: boolean }) {
  const send = useSendCampaign()
  const [when, setWhen] = useState<'now' | 'later'>('now')
  const [at, setAt] = useState('')
  const [confirming, setConfirming] = useState(false)
  const fields = send.error instanceof ApiError ? send.error.fields : {}
  const go = () => send.mutate({ id: campaign.id, version: campaign.version, at: when === 'later' && at ? new Date(at).toISOString() : undefined })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Send</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted">Only to subscribers who confirmed their address, and never twice to one address.</p>
        <fieldset className="space-y-2">
          <legend className="font-bold">When</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="when" checked={when === 'now'} onChange={() => setWhen('now')} /> Now
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="when" checked={when === 'later'} onChange={() => setWhen('later')} /> At a time
          </label>
          {when === 'later' && (
            <div className="space-y-1">
              <Label htmlFor="campaign-at">Date and time</Label>
              <Input id="campaign-at" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
              {fields.at && <p className="text-sm font-bold text-red-700">{fields.at}</p>}
            </div>
          )}
        </fieldset>
        {dirty && <Alert>Save the draft first: what is sent is the saved letter.</Alert>}
        {send.isError && !fields.at && <Alert tone="error">{messageOf(send.error)}</Alert>}
        {!confirming ? (
          <Button disabled={dirty || (when === 'later' && !at)} onClick={() => setConfirming(true)}>
            <Send /> {when === 'now' ? 'Send now' : 'Schedule'}
          </Button>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-bold">{when === 'now' ? 'Send it to every confirmed subscriber now?' : 'Schedule it for that time?'}</span>
            <Button disabled={send.isPending} onClick={go}>
              <Send /> Yes, {when === 'now' ? 'send it' : 'schedule it'}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Not yet
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  )
}

/** The e-mail as a subscriber sees it, at a phone's width and at a desktop's. */
function PreviewPanel({ html, from, subject, error }: { html?: string; from?: string; subject?: string; error: string }) {
  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Eye className="size-5" aria-hidden="true" /> Preview
        </CardTitle>
        {from && (
          <p className="text-sm text-muted">
            From {from} · {subject}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {error && <Alert tone="error">{error}</Alert>}
        <Tabs defaultValue="phone">
          <TabsList aria-label="Preview width">
            <TabsTrigger value="phone">Phone</TabsTrigger>
            <TabsTrigger value="desktop">Desktop</TabsTrigger>
          </TabsList>
          <TabsContent value="phone">
            <Frame html={html} width={375} title="Preview on a phone" />
          </TabsContent>
          <TabsContent value="desktop">
            <Frame html={html} width={720} title="Preview on a desktop" />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  )
}

function Frame({ html, width, title }: { html?: string; width: number; title: string }) {
  return (
    <div className="mt-3 overflow-x-auto rounded-2xl border-2 border-tiger-100 bg-cream p-2">
      <iframe title={title} sandbox="" srcDoc={html ?? ''} style={{ width, maxWidth: 'none', height: 640 }} className="mx-auto block rounded-xl bg-white" />
    </div>
  )
}
