import { X } from 'lucide-react'
import { useRef, useState, type MouseEvent, type SyntheticEvent, type TouchEvent } from 'react'
import { cn } from '@/lib/cn'
import { percentPoint } from '../logic/rules'
import type { Point, Size, Zone } from '../logic/types'

type Marker = Zone & { label?: string }

/**
 * A game picture that reports clicks and taps in percent of itself, with its
 * size in pixels for the hit test (spec 02 §9: touch handled with touch
 * events). Found targets get a green ring: a circle whose radius is the
 * zone's percent of the picture's width, the circle the hit test uses.
 *
 * `maxHeight` (a CSS length) shrinks the picture, keeping its shape, so that
 * two of them fit on a phone's screen together.
 */
export function GamePicture({
  src,
  alt,
  found,
  miss,
  active,
  maxHeight,
  onPoint,
  onError,
}: {
  src: string
  alt: string
  found: Marker[]
  miss: Point | null
  active: boolean
  maxHeight?: string
  onPoint: (p: Point, size: Size) => void
  onError?: () => void
}) {
  const box = useRef<HTMLDivElement>(null)
  // A tap fires touchend and then a synthetic click; the click is skipped.
  const touchedAt = useRef(0)
  // The picture's shape, known once it has loaded (4:3 until then).
  const [ratio, setRatio] = useState(4 / 3)

  const at = (clientX: number, clientY: number) => {
    const el = box.current
    if (!el) return
    const rect = el.getBoundingClientRect()
    onPoint(percentPoint(clientX, clientY, rect), { width: rect.width, height: rect.height })
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
  const onLoad = (e: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight } = e.currentTarget
    if (naturalWidth > 0 && naturalHeight > 0) setRatio(naturalWidth / naturalHeight)
  }

  return (
    <div
      className="mx-auto max-w-full overflow-hidden rounded-3xl border-4 border-white bg-white shadow-lg"
      // The border's 8 px come on top of the picture's width.
      style={{ width: maxHeight ? `min(100%, calc(${maxHeight} * ${ratio} + 8px))` : '100%' }}
    >
      <div
        ref={box}
        data-testid="game-picture"
        className={cn('relative touch-manipulation select-none', active ? 'cursor-crosshair' : 'cursor-default')}
        style={{ aspectRatio: ratio }}
        onClick={active ? onClick : undefined}
        onTouchEnd={active ? onTouchEnd : undefined}
      >
        <img src={src} alt={alt} draggable={false} onLoad={onLoad} onError={onError} className="absolute inset-0 block size-full" />
        {found.map((m, i) => (
          <span
            key={i}
            aria-label={m.label ? `Found: ${m.label}` : 'Found'}
            role="img"
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
    </div>
  )
}
