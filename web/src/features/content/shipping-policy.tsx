import { Clock, Globe2, PackageCheck, RotateCcw, ShieldAlert, Truck } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { useShipping } from '@/lib/shipping'
import { facts } from './facts'
import { DotList, FactTable, ProseSection } from './prose'
import { abroadText, rateRows, standardOffer } from './shipping-facts'

/** The shipping policy: rates table, processing, tracking, claims and returns. */
export function ShippingPolicy() {
  // The shop's settings, carried by the page: the same figures the checkout charges.
  const settings = useShipping().data
  const rows = rateRows(settings)
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4 rounded-3xl bg-gradient-to-r from-leaf-100 to-sky-100 p-5 sm:p-6">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white text-leaf-700 shadow-sm">
          <Truck className="size-6" aria-hidden="true" />
        </span>
        <p className="text-lg font-bold text-leaf-700">
          {standardOffer(settings)} Faster methods and international shipping are chosen at checkout.
        </p>
      </div>

      <ProseSection id="rates" title="Shipping methods and rates" icon={Truck} tone="bg-leaf-100 text-leaf-700">
        <p>
          We ship physical books from our warehouse in Minnesota. Choose how your books travel at checkout: these are the methods and prices it offers, by where
          they are going.
        </p>
        <FactTable
          columns={['Method', 'Delivery time', 'Cost']}
          cardLabels={['Delivery', 'Cost']}
          rows={rows.map((row) => [row.method, row.time, row.cost])}
        />
        <p className="text-base text-muted">
          Delivery times start once your order has shipped. International orders may be subject to customs duties and taxes set by the destination country, which are the
          recipient&rsquo;s responsibility.
        </p>
      </ProseSection>

      <ProseSection id="processing" title="Order processing" icon={Clock} tone="bg-sun-100 text-tiger-700">
        <p>
          Orders are processed in {facts.processing}. Orders placed on weekends or public holidays are processed on the next business day. During busy gift seasons
          processing can take a little longer; we will always tell you if your order is delayed.
        </p>
        <p>Digital books and interactive stories are not shipped: they are available in your account as soon as your payment is confirmed.</p>
      </ProseSection>

      <ProseSection id="tracking" title="Tracking your parcel" icon={PackageCheck} tone="bg-sky-100 text-sky-700">
        <p>
          As soon as your parcel leaves us, we e-mail you a tracking number. Please allow {facts.trackingActive} for the tracking link to become active while the carrier
          scans your parcel into its system.
        </p>
      </ProseSection>

      <ProseSection id="international" title="International shipping" icon={Globe2} tone="bg-grape-100 text-grape-700">
        <p>
          We ship to most countries worldwide. {abroadText(settings)}: choose it at checkout, where the price is added to your order before you pay. Questions
          about an address abroad? <Link to={paths.contactForm} className="font-bold text-tiger-700 underline underline-offset-4">Send us a message</Link>.
        </p>
      </ProseSection>

      <ProseSection id="claims" title="Lost or damaged parcels" icon={ShieldAlert} tone="bg-berry-100 text-berry-700">
        <p>
          If your parcel is lost or arrives damaged, please contact us within {facts.claimDays} days of the expected delivery date. Send us your order number and, for
          damaged items, a photo or two. We will send a replacement or give you a full refund.
        </p>
      </ProseSection>

      <ProseSection id="returns" title="Returns" icon={RotateCcw} tone="bg-tiger-100 text-tiger-700">
        <DotList
          items={[
            <>Physical books can be returned within {facts.returnDays} days of delivery, unused and in their original condition, for a full refund of the book price.</>,
            <>Digital purchases (e-books and interactive stories) are non-refundable once they have been delivered to your account.</>,
            <>If we made a mistake or the book arrived damaged, return shipping is on us.</>,
          ]}
        />
        <p>
          To start a return, <Link to={paths.contactForm} className="font-bold text-tiger-700 underline-offset-4 hover:underline">send us a message</Link> with your order
          number and we will guide you through it.
        </p>
      </ProseSection>
    </div>
  )
}
