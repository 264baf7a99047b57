import { useAuth } from '@/features/auth'
import { useCart } from '@/features/cart'
import { CheckoutView } from '@/features/checkout/components/checkout-view'

export default function CheckoutPage() {
  const { items, clearCart } = useCart()
  const { user, loading } = useAuth()
  return (
    <CheckoutView items={items} user={user ? { id: user.id, email: user.email } : null} authLoading={loading} onPaid={() => clearCart({ silent: true })} />
  )
}
