import { formatCents } from '@/lib/money'
import type { ShippingMethod } from '@/lib/shipping'
import { cn } from '@/lib/cn'
import { CheckoutSection } from './checkout-section'

/**
 * Step 3: how the parcel travels. The methods are those the shop's settings
 * offer to the address's country, each with its delivery time and its price
 * for this order ('Free' when it costs nothing).
 */
export function ShippingMethodChoice({
  methods,
  chosen,
  priceOf,
  destination,
  onChoose,
}: {
  methods: ShippingMethod[]
  chosen: string | undefined
  priceOf: (m: ShippingMethod) => number
  /** Where the parcel goes, as the address names it ('United Kingdom'). */
  destination: string
  onChoose: (id: string) => void
}) {
  return (
    <CheckoutSection title="Shipping Method" step={3}>
      <fieldset>
        <legend className="mb-3 text-muted">Delivery to: {destination}</legend>
        {methods.length === 0 ? (
          <p role="alert">We do not ship to this country at the moment.</p>
        ) : (
          <div className="grid gap-3">
            {methods.map((m) => {
              const price = priceOf(m)
              return (
                <label
                  key={m.id}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-2xl border-2 border-line bg-white p-4 transition hover:border-tiger-300',
                    chosen === m.id && 'border-tiger-400 bg-tiger-50',
                  )}
                >
                  <input type="radio" name="shippingMethod" value={m.id} checked={chosen === m.id} onChange={() => onChoose(m.id)} className="size-5 accent-tiger-600" />
                  <span className="flex-1">
                    <span className="block font-bold">{m.name}</span>
                    <span className="block text-sm text-muted">{m.deliveryTime}</span>
                  </span>
                  <span className={cn('font-extrabold', price === 0 && 'text-leaf-700')}>{price === 0 ? 'Free' : formatCents(price)}</span>
                </label>
              )
            })}
          </div>
        )}
      </fieldset>
    </CheckoutSection>
  )
}
