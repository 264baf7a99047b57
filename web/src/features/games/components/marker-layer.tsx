import { Trash2 } from 'lucide-react'
import { useRef, type MouseEvent } from 'react'
import { percentPoint } from '../logic/rules'
import type { Point } from '../logic/types'

/** An editable picture: a click reports its place in percent; markers show a hover label and a delete button. */
export function MarkerLayer({
  src,
  alt,
  markers,
  onAdd,
  onDelete,
}: {
  src: string
  alt: string
  markers: (Point & { radius: number; label: string })[]
  onAdd: (p: Point) => void
  onDelete: (index: number) => void
}) {
  const box = useRef<HTMLDivElement>(null)
  const onClick = (e: MouseEvent) => {
    if (!box.current) return
    onAdd(percentPoint(e.clientX, e.clientY, box.current.getBoundingClientRect()))
  }
  return (
    <div ref={box} className="relative cursor-crosshair overflow-hidden rounded-2xl bg-white ring-1 ring-line" onClick={onClick} data-testid="marker-picture">
      <img src={src} alt={alt} draggable={false} className="block h-auto w-full select-none" />
      {markers.map((m, i) => (
        <div
          key={i}
          data-testid="marker"
          className="group absolute -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-berry-500 bg-berry-500/15"
          style={{ left: `${m.x}%`, top: `${m.y}%`, width: `${m.radius * 2}%`, aspectRatio: '1' }}
          onClick={(e) => e.stopPropagation()}
        >
          <span className="pointer-events-none absolute -top-8 left-1/2 hidden -translate-x-1/2 whitespace-nowrap rounded-lg bg-ink px-2 py-1 text-xs font-bold text-white group-hover:block">
            {m.label}
          </span>
          <button
            type="button"
            aria-label={`Delete ${m.label}`}
            className="absolute -top-2 -right-2 flex size-6 cursor-pointer items-center justify-center rounded-full bg-white text-berry-500 shadow ring-1 ring-berry-500"
            onClick={() => onDelete(i)}
          >
            <Trash2 className="size-3.5" />
          </button>
        </div>
      ))}
    </div>
  )
}
