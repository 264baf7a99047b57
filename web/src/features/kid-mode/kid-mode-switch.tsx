import { ShieldCheck } from 'lucide-react'
import { useId } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { setKidMode } from './store'
import { useKidMode } from './use-kid-mode'

function turnOn() {
  setKidMode(true)
  toast.success('Kid mode is on', { description: 'To leave it, choose Leave kid mode and answer a grown-up question.' })
  // The switch goes away with the click: the page keeps the focus.
  window.requestAnimationFrame(() => document.getElementById('main')?.focus({ preventScroll: true }))
}

/**
 * Where a parent turns kid mode on, on the games pages and Dream Maker.
 * Not shown in kid mode (nor, before the app hydrates, on a device in kid
 * mode: data-shop-only, kid-mode.css).
 */
export function KidModeSwitch() {
  const kid = useKidMode()
  const headingId = useId()
  if (kid) return null
  return (
    <section
      data-shop-only
      aria-labelledby={headingId}
      className="mb-8 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 rounded-3xl border-2 border-sun-300 bg-sun-100 p-5 sm:grid-cols-[auto_1fr_auto]"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-white text-tiger-700 sm:row-span-2 sm:size-14">
        <ShieldCheck className="size-7 sm:size-8" aria-hidden="true" />
      </span>
      <h2 id={headingId} className="font-display text-xl font-bold sm:self-end">
        Handing over to a child?
      </h2>
      <p className="col-span-2 text-muted sm:col-span-1 sm:col-start-2 sm:row-start-2 sm:self-start">
        Kid mode puts the shop, the cart and your account away until a grown-up answers a question. It stays on on this device, even after a reload.
      </p>
      <Button onClick={turnOn} className="col-span-2 sm:col-span-1 sm:col-start-3 sm:row-span-2 sm:row-start-1">
        Turn on kid mode
      </Button>
    </section>
  )
}
