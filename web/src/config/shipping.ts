/**
 * The standing web-order shipping offer (issue #14), said once: the checkout
 * shows 'Free' beside its short note, and the shipping page and FAQ (through
 * features/content/facts.ts) explain it in full.
 */
export const webOrderShipping = {
  short: 'Standard shipping is free on every web order',
  full: 'Standard shipping is free on every order placed on our website.',
} as const
