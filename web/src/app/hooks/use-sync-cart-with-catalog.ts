import { useCallback, useEffect } from 'react'
import { useCart } from '@/features/cart/cart-provider'
import { useSearchBooks } from '@/features/catalog/api/search-books'

/**
 * Keeps the cart's lines at the catalogue's current title, price and cover
 * (and drops books it no longer has). The server prices every order from its
 * catalogue and refuses a cart that disagrees, so /cart and /checkout ask for
 * the cart's books afresh each time they open, and again when the tab regains
 * focus: those books only, not a catalogue of thousands.
 * `refresh` asks again, e.g. after the server refused a payment.
 */
export function useSyncCartWithCatalog() {
  const { items, syncWithCatalog } = useCart()
  const ids = [...new Set(items.map((item) => item.id))].sort((a, b) => a - b)
  const books = useSearchBooks({ ids, perPage: Math.max(1, ids.length) }, ids.length > 0, { staleTime: 0, refetchOnWindowFocus: true })
  // items is a dependency too: a line added in another tab is checked as well.
  // The answer is for the ids it was asked with (no previous answer stands in).
  useEffect(() => {
    if (books.data) syncWithCatalog(books.data.books)
  }, [books.data, items, syncWithCatalog])
  const { refetch } = books
  return { refresh: useCallback(() => void refetch(), [refetch]) }
}
