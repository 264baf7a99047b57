// The provider and hook live in every page; the cart page's view is imported
// by its route directly (components/cart-view) so it stays out of the main bundle.
export { CartProvider, useCart, type CartState } from './cart-provider'
export type { CartBook, CartItem } from './cart-reducer'
