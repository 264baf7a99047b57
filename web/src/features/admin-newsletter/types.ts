export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed' | 'suppressed'

export type Subscriber = { email: string; status: SubscriberStatus; source: string; since: string }

export type SubscribersResponse = { subscribers: Subscriber[]; counts: Record<SubscriberStatus, number> }

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent'

export type Campaign = {
  id: number
  subject: string
  preview: string
  markdown: string
  status: CampaignStatus
  sendAt: string | null
  version: number
  createdAt: string
  updatedAt: string
  startedAt: string | null
  finishedAt: string | null
  recipients: number
  sent: number
  failed: number
  queued: number
  skipped: number
  unsubscribed: number
}

export type CampaignDraft = { subject: string; preview: string; markdown: string }

export type CampaignPreview = { subject: string; from: string; html: string; text: string }
