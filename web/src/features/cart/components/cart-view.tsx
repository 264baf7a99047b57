import { ArrowLeft, Minus, Plus, ShoppingBasket, Trash2, X } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Input } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { checkDiscount, pricedItems, setAppliedCode, useAppliedCode, useDiscountQuote } from '@/lib/discount'
import { messageOf } from '@/lib/errors'
import { formatCents, orderTotals } from '@/lib/money'
import { useShipping, zone } from '@/lib/shipping'
import { useGoBack } from '@/lib/use-go-back'
import { cn } from '@/lib/cn'
import { useCart, type LineStock } from '../cart-provider'
import { formatNames, isDigital, shipsAnything } from '@/lib/formats'
import { MAX_QUANTITY, lineKey, type CartItem } from '../cart-reducer'
import { PaymentLogos } from './payment-logos'
import { PreorderNote } from '@/components/ui/preorder-note'

/** The /cart page: line items, order summary and the way to checkout. */
export function CartView() {
  const cart = useCart()
  if (cart.items.length === 0) return <EmptyCart />
  return <FilledCart />
}

/** The cart with books: lines, and a summary priced as the server prices it for US standard shipping. */
function FilledCart() {
  const cart = useCart()
  const goBack = useGoBack(paths.books)
  const settings = useShipping().data
  // A cart of digital books only ships nothing.
  const ships = shipsAnything(cart.items)
  const standard = ships ? zone(settings, 'us')?.methods[0] : undefined
  const code = useAppliedCode()
  const quote = useDiscountQuote(code, cart.items)
  const discount = quote.data && quote.data.discountCents > 0 ? quote.data : undefined
  const totals = orderTotals(cart.items, { shipping: standard, discountCents: discount?.discountCents, taxRatePercent: settings?.taxRatePercent })
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <Button variant="ghost" className="-ml-3 mb-3" onClick={goBack}>
        <ArrowLeft /> Back
      </Button>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold sm:text-4xl">
          Your Cart ({cart.itemCount} {cart.itemCount === 1 ? 'item' : 'items'})
        </h1>
        <Button variant="outline" onClick={() => cart.clearCart()}>
          <Trash2 /> Clear Cart
        </Button>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <ul aria-label="Cart items" className="flex flex-col gap-4">
          {cart.items.map((item) => (
            <CartLine key={lineKey(item)} item={item} />
          ))}
        </ul>

        <Card className="p-6 lg:sticky lg:top-24" role="region" aria-labelledby="order-summary-heading">
          <h2 id="order-summary-heading" className="text-2xl font-bold">
            Order Summary
          </h2>
          <dl className="mt-5 flex flex-col gap-2.5">
            <Row term="Subtotal" value={formatCents(totals.subtotalCents)} />
            {discount && <Row term={`Discount (${discount.code})`} value={<span className="text-leaf-700">-{formatCents(totals.discountCents)}</span>} />}
            <Row
              term={`Tax (${settings?.taxRatePercent ?? 10}%)`}
              value={formatCents(totals.taxCents)}
              note="At the US rate: the checkout works out the tax for where you live."
            />
            {ships ? (
              <Row
                term={standard ? `Shipping (${standard.name}, US)` : 'Shipping'}
                value={totals.shippingCents === 0 ? <span className="font-bold text-leaf-700">Free</span> : formatCents(totals.shippingCents)}
                note="Other methods and countries are priced at checkout."
              />
            ) : (
              <Row term="Shipping" value={formatCents(0)} note="Digital books are not shipped: they wait in your Library after payment." />
            )}
            <div className="mt-2 flex items-center justify-between border-t-2 border-line pt-3 text-xl font-extrabold">
              <dt>Total</dt>
              <dd>{formatCents(totals.totalCents)}</dd>
            </div>
          </dl>
          <PreorderNote items={cart.items} className="mt-4" />
          <PromoCode applied={code} problem={quote.isError ? messageOf(quote.error) : null} items={cart.items} />
          {cart.soldOut.length > 0 ? (
            <>
              <Button size="lg" className="mt-6 w-full" disabled aria-describedby="sold-out-note">
                Proceed to Checkout
              </Button>
              <p id="sold-out-note" className="mt-2 text-sm font-bold text-red-700">
                {cart.soldOut.length === 1 ? `${cart.soldOut[0].title} is sold out.` : 'Some books in your cart are sold out.'} Please remove{' '}
                {cart.soldOut.length === 1 ? 'it' : 'them'} to check out.
              </p>
            </>
          ) : (
            <Button asChild size="lg" className="mt-6 w-full">
              <Link to={paths.checkout}>Proceed to Checkout</Link>
            </Button>
          )}
          <p className="mt-5 text-center text-sm font-bold text-muted">We accept</p>
          <div className="mt-2">
            <PaymentLogos />
          </div>
        </Card>
      </div>
    </div>
  )
}

/** A term and its value; a note under them is a second <dd> of the term (a <p> is not allowed in a <dl>). */
function Row({ term, value, note }: { term: string; value: React.ReactNode; note?: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between text-ink/85">
      <dt>{term}</dt>
      <dd className="font-bold">{value}</dd>
      {note && <dd className="mt-2.5 basis-full text-sm text-muted">{note}</dd>}
    </div>
  )
}

/** "Our First Adventure · Interactive": a line is a book in a format. */
export const lineName = (item: Pick<CartItem, 'title' | 'format'>) => `${item.title} · ${formatNames[item.format]}`

/**
 * What the cart says beside a line of the stock: sold out, or only so many
 * left when the line holds them all (and that the cart lowered it, when it did).
 */
function stockNote(item: CartItem, stock: LineStock): string | null {
  if (stock.soldOut) return 'Sold out. Please remove it to check out.'
  if (typeof stock.left !== 'number' || stock.left >= MAX_QUANTITY || item.quantity < stock.left) return null
  const lowered = stock.loweredFrom !== undefined && stock.loweredFrom > item.quantity ? `: you chose ${stock.loweredFrom}, so your cart now holds ${item.quantity}` : ''
  return `Only ${stock.left} left${lowered}.`
}

function CartLine({ item }: { item: CartItem }) {
  const { increaseQuantity, decreaseQuantity, removeFromCart, stockOf } = useCart()
  const name = lineName(item)
  const digital = isDigital(item.format)
  const stock = stockOf(item)
  const note = stockNote(item, stock)
  const noteId = `stock-${lineKey(item).replace(':', '-')}`
  return (
    <li aria-label={name} className={cn('flex gap-4 rounded-2xl border-2 bg-white p-3 shadow-sm sm:p-4', stock.soldOut ? 'border-red-200' : 'border-line')}>
      <Link to={paths.book(item.id)} className="w-20 shrink-0 sm:w-24" tabIndex={-1} aria-hidden="true">
        <img src={item.coverImage} alt="" width={400} height={600} className="aspect-[2/3] h-auto w-full rounded-lg shadow" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-2">
          <p className="font-display text-lg font-semibold leading-snug">
            <Link to={paths.book(item.id)} className="hover:text-tiger-700">
              {item.title}
            </Link>
            <span className="text-muted"> · {formatNames[item.format]}</span>
          </p>
          <Button variant="ghost" size="icon" className="-mr-1 -mt-1 shrink-0 text-muted hover:text-red-600" aria-label={`Remove ${name}`} onClick={() => removeFromCart(item.id, item.format)}>
            <X className="!size-5" />
          </Button>
        </div>
        <p className="text-muted">{digital ? `${formatCents(item.priceCents)}: in your Library after payment` : `${formatCents(item.priceCents)} each`}</p>
        {note && (
          <p id={noteId} className={cn('mt-1 text-sm font-extrabold', stock.soldOut ? 'text-red-700' : 'text-tiger-800')}>
            {note}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-3">
          {digital ? (
            // One per family: nothing to count.
            <p className="text-sm font-bold text-muted">Qty: 1</p>
          ) : stock.soldOut ? (
            <p className="rounded-full bg-red-50 px-3 py-1 text-sm font-extrabold uppercase tracking-wide text-red-700">Sold out</p>
          ) : (
            <div
              role="group"
              aria-label={`Quantity of ${name}`}
              aria-describedby={note ? noteId : undefined}
              className="flex items-center gap-1 rounded-full border-2 border-line bg-cream p-1"
            >
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Decrease quantity of ${name}`}
                disabled={item.quantity <= 1}
                onClick={() => decreaseQuantity(item.id, item.format)}
              >
                <Minus />
              </Button>
              <output aria-label="Quantity" className="min-w-8 text-center text-lg font-extrabold">
                {item.quantity}
              </output>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Increase quantity of ${name}`}
                disabled={item.quantity >= stock.most}
                onClick={() => increaseQuantity(item.id, item.format)}
              >
                <Plus />
              </Button>
            </div>
          )}
          <p className={cn('text-lg font-extrabold', stock.soldOut ? 'text-muted' : 'text-tiger-700')}>{formatCents(item.priceCents * item.quantity)}</p>
        </div>
      </div>
    </li>
  )
}

/**
 * The promo code box: Apply asks the server whether the code fits this cart
 * (its message says why not), and an applied code is kept for the checkout.
 */
function PromoCode({ applied, problem, items }: { applied: string | null; problem: string | null; items: CartItem[] }) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const apply = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    if (!code.trim()) {
      setError('Enter a promo code.')
      return
    }
    setBusy(true)
    try {
      const quote = await checkDiscount(code.trim(), pricedItems(items))
      setAppliedCode(quote.code)
      setCode('')
      toast.success('Promo code applied', { description: `${quote.code} takes ${formatCents(quote.discountCents)} off your order.` })
    } catch (err) {
      const message = messageOf(err)
      setError(message)
      toast.error('Promo Code', { description: message })
    } finally {
      setBusy(false)
    }
  }
  if (applied) {
    return (
      <div className="mt-6 rounded-2xl border-2 border-leaf-500/30 bg-leaf-100 p-3">
        <p className="text-sm font-bold text-leaf-700">Promo code {applied} applied</p>
        {problem && (
          <p role="alert" className="mt-1 text-sm text-red-800">
            {problem}
          </p>
        )}
        <Button type="button" variant="ghost" size="sm" className="mt-1" onClick={() => setAppliedCode(null)}>
          Remove {applied}
        </Button>
      </div>
    )
  }
  return (
    <form onSubmit={(e) => void apply(e)} className="mt-6" noValidate>
      <label htmlFor={id} className="text-sm font-bold">
        Promo code
      </label>
      <div className="mt-1.5 flex gap-2">
        <Input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="Enter code"
          autoComplete="off"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? 'Checking...' : 'Apply'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-bold text-red-700">
          {error}
        </p>
      )}
    </form>
  )
}

function EmptyCart() {
  return (
    <EmptyState
      icon={ShoppingBasket}
      title="Your cart is empty"
      description="Looks like you haven't added any books to your cart yet."
      action={
        <Button asChild size="lg">
          <Link to={paths.books}>Browse Books</Link>
        </Button>
      }
    />
  )
}
