import type { CampaignStatus, SubscriberStatus } from './types'

/** A stored time as the back office shows it, in the browser's zone. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
}

export const subscriberStatusLabel: Record<SubscriberStatus, string> = {
  pending: 'Waiting to confirm',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  suppressed: 'Suppressed (bounce or complaint)',
}

export const campaignStatusLabel: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
}

export const sourceLabel: Record<string, string> = { footer: 'Newsletter form', profile: 'Profile', checkout: 'Checkout' }
