export { CartProvider, useCart, type CartState } from './cart-provider'
export type { CartBook, CartItem } from './cart-reducer'
export { CartView } from './components/cart-view'
