import { CartView } from '@/features/cart'

export default function CartPage() {
  return <CartView />
}
