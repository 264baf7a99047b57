import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useCart } from '@/features/cart/cart-provider'
import { booksQueryOptions } from '@/features/catalog/api/get-books'

/**
 * Keeps the cart's lines at the catalogue's current title, price and cover
 * (and drops books it no longer has). The server prices every order from its
 * catalogue and refuses a cart that disagrees, so /cart and /checkout ask for
 * the catalogue afresh each time they open, and again when the tab regains focus.
 * `refresh` asks again, e.g. after the server refused a payment.
 */
export function useSyncCartWithCatalog() {
  const { items, syncWithCatalog } = useCart()
  const books = useQuery({ ...booksQueryOptions(), staleTime: 0, refetchOnWindowFocus: true })
  // items is a dependency too: a line added in another tab is checked as well.
  useEffect(() => {
    if (books.data) syncWithCatalog(books.data)
  }, [books.data, items, syncWithCatalog])
  const { refetch } = books
  return { refresh: useCallback(() => void refetch(), [refetch]) }
}
