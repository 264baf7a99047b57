import { CartView } from '@/features/cart/components/cart-view'
import { useSyncCartWithCatalog } from '../hooks/use-sync-cart-with-catalog'

export default function CartPage() {
  useSyncCartWithCatalog()
  return <CartView />
}
