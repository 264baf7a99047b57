import { webOrderShipping } from '@/config/shipping'

/**
 * The shop's policy facts (spec 02 §9), written once so the FAQ, the
 * shipping, privacy and terms pages and the About page never disagree.
 */
export const facts = {
  ages: '4-10',
  returnDays: 30,
  storyPaths: '4-8',
  processing: '1-2 business days',
  trackingActive: 'up to 48 hours',
  claimDays: 14,
  minimumAge: 13,
  founded: 2010,
  policiesUpdated: 'June 15, 2023',
  freeShippingOver: '$35',
  /** The standing web-order offer (issue #14): what the checkout's 'Free' means. */
  webOrderShipping: webOrderShipping.full,
  standardRate: '$4.99 on orders under $35, free over $35',
  /** The regular rates: for upgrades and international orders, arranged through the contact form. */
  shipping: [
    { method: 'Standard (US)', time: '3-7 business days', cost: 'Free on website orders (regular rate $4.99 under $35, free over $35)' },
    { method: 'Expedited (US)', time: '2-3 days', cost: '$8.99' },
    { method: 'Express (US)', time: '1-2 days', cost: '$14.99' },
    { method: 'International', time: '7-21 days', cost: 'from $12.99' },
  ],
  hours: [
    { days: 'Monday - Friday', short: 'Mon-Fri', time: '9AM-8PM' },
    { days: 'Saturday', short: 'Sat', time: '10AM-7PM' },
    { days: 'Sunday', short: 'Sun', time: '10AM-5PM' },
  ],
  address: { street: '42 Storybook Lane', city: 'Maple Grove, MN 55311', country: 'United States' },
} as const
