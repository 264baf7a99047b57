import { useAuth } from '@/features/auth/auth-provider'
import { useCart } from '@/features/cart/cart-provider'
import { CheckoutView } from '@/features/checkout/components/checkout-view'
import { useSyncCartWithCatalog } from '../hooks/use-sync-cart-with-catalog'

export default function CheckoutPage() {
  // The payment request is built from these items: they must carry today's prices.
  const catalog = useSyncCartWithCatalog()
  const { items, loaded, clearCart } = useCart()
  const { user, profile, loading } = useAuth()
  return (
    <CheckoutView
      items={loaded ? items : undefined}
      user={
        user
          ? { id: user.id, email: user.email, fullName: [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined, country: profile?.country || undefined }
          : null
      }
      authLoading={loading}
      onPaid={() => clearCart({ silent: true })}
      // A refusal may come from a price changed meanwhile: fetch the catalogue again so a retry can pass.
      onPaymentFailed={catalog.refresh}
    />
  )
}
