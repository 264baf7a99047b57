import { ShoppingCart } from 'lucide-react'
import { useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { BookDetails, bookIdFromParam } from '@/features/catalog'
import { useCart } from '@/features/cart'

export default function BookPage() {
  const { id } = useParams()
  const { addToCart } = useCart()
  return (
    <BookDetails
      id={bookIdFromParam(id)}
      actions={(book) => (
        <Button size="lg" onClick={() => addToCart(book)}>
          <ShoppingCart /> Add to Cart
        </Button>
      )}
    />
  )
}
