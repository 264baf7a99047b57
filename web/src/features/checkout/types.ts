/** A cart line as the checkout needs it; the page passes the cart's items in. */
export type CheckoutItem = { id: number; title: string; price: number; priceCents: number; coverImage: string; quantity: number }
