export { CartProvider, useCart, type CartState } from './cart-provider'
