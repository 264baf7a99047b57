export { CheckoutView, type CheckoutViewProps } from './components/checkout-view'
export { ThankYou } from './components/thank-you'
export type { CheckoutItem } from './types'
export { checkoutSchema } from './schema'
