import { X } from 'lucide-react'
import { useRef, type MouseEvent, type TouchEvent } from 'react'
import { cn } from '@/lib/cn'
import { percentPoint } from '../logic/rules'
import type { Point } from '../logic/types'

type Marker = Point & { radius: number; label?: string }

/**
 * A game picture that reports clicks and taps in percent of itself (spec 02
 * §9: touch handled with touch events). Found targets get a green ring.
 */
export function GamePicture({
  src,
  alt,
  found,
  miss,
  active,
  onPoint,
  onError,
}: {
  src: string
  alt: string
  found: Marker[]
  miss: Point | null
  active: boolean
  onPoint: (p: Point) => void
  onError?: () => void
}) {
  const box = useRef<HTMLDivElement>(null)
  // A tap fires touchend and then a synthetic click; the click is skipped.
  const touchedAt = useRef(0)

  const at = (clientX: number, clientY: number) => {
    const el = box.current
    if (!el) return
    onPoint(percentPoint(clientX, clientY, el.getBoundingClientRect()))
  }
  const onClick = (e: MouseEvent) => {
    if (Date.now() - touchedAt.current < 600) return
    at(e.clientX, e.clientY)
  }
  const onTouchEnd = (e: TouchEvent) => {
    const t = e.changedTouches[0]
    if (!t) return
    touchedAt.current = Date.now()
    at(t.clientX, t.clientY)
  }

  return (
    <div
      ref={box}
      data-testid="game-picture"
      className={cn('relative select-none overflow-hidden rounded-3xl border-4 border-white bg-white shadow-lg', active ? 'cursor-crosshair' : 'cursor-default')}
      onClick={active ? onClick : undefined}
      onTouchEnd={active ? onTouchEnd : undefined}
    >
      <img src={src} alt={alt} draggable={false} onError={onError} className="block h-auto w-full" />
      {found.map((m, i) => (
        <span
          key={i}
          aria-label={m.label ? `Found: ${m.label}` : 'Found'}
          className="pointer-events-none absolute -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-leaf-500 bg-leaf-500/20 shadow-[0_0_0_3px_white]"
          style={{ left: `${m.x}%`, top: `${m.y}%`, width: `${m.radius * 2}%`, aspectRatio: '1' }}
        />
      ))}
      {miss && (
        <span
          key={`${miss.x}-${miss.y}`}
          aria-hidden="true"
          className="pointer-events-none absolute flex size-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-berry-500 text-white shadow"
          style={{ left: `${miss.x}%`, top: `${miss.y}%` }}
        >
          <X className="size-5" />
        </span>
      )}
    </div>
  )
}
