import { useAuth } from '@/features/auth/auth-provider'
import { useCart } from '@/features/cart/cart-provider'
import { CheckoutView } from '@/features/checkout/components/checkout-view'
import { useSyncCartWithCatalog } from '../hooks/use-sync-cart-with-catalog'

export default function CheckoutPage() {
  // The payment request is built from these items: they must carry today's prices.
  const catalog = useSyncCartWithCatalog()
  const { items, loaded, clearCart, soldOut, stockRefused } = useCart()
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
      // A refusal may come from a price or stock changed meanwhile: the cart takes the copies left at once,
      // and the catalogue is fetched again so a retry can pass.
      onPaymentFailed={(problem) => {
        if (problem.stock) stockRefused(problem.stock.bookId, problem.stock.left)
        catalog.refresh()
      }}
      soldOut={soldOut.map((item) => item.title)}
    />
  )
}
