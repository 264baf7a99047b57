// Routes import the views directly (components/checkout-view, components/thank-you),
// so the thank-you page does not load the checkout form.
export type { CheckoutItem } from './types'
export { checkoutSchema } from './schema'
