/**
 * The shop's policy facts (spec 02 §9), written once so the FAQ, the
 * shipping, privacy and terms pages and the About page never disagree. Shipping
 * prices and times are the shop's settings (lib/shipping.ts), not facts here.
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
  hours: [
    { days: 'Monday - Friday', short: 'Mon-Fri', time: '9AM-8PM' },
    { days: 'Saturday', short: 'Sat', time: '10AM-7PM' },
    { days: 'Sunday', short: 'Sun', time: '10AM-5PM' },
  ],
  address: { street: '42 Storybook Lane', city: 'Maple Grove, MN 55311', country: 'United States' },
} as const
