import { Flag, Maximize2, Minus, Plus } from 'lucide-react'
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { cn } from '@/lib/cn'
import { BOX, arrowPath, layoutMap, type MapPage } from './map-layout'

export type { MapPage } from './map-layout'

export type StoryMapProps = {
  pages: readonly MapPage[]
  /** The start page's id. */
  start: string
  /** What is wrong on each page (the check's messages by page id): the page is drawn red with the first one. */
  problems?: Readonly<Record<string, readonly string[]>>
  /** Pages already read (the reader's endings): they and the arrows between them light up, the rest is dimmed. */
  visited?: readonly string[]
  /** The page being read now. */
  current?: string
  selected?: string
  /** Clicking a box selects its page (the editor); without it the map only shows. */
  onSelect?: (id: string) => void
  /** The text of a page's box (default: its id); the reader may name endings only. */
  boxLabel?: (page: MapPage) => string
  /** The map's name for assistive technology, also its figure's caption when shown. */
  label: string
  className?: string
}

const ZOOMS = [0.4, 0.55, 0.7, 0.85, 1, 1.25]

/**
 * A storybook as a map: pages as boxes, choices as arrows, laid out by dagre
 * (map-layout.ts) and drawn as SVG. The start, the endings, the pages with a
 * problem (red, with the problem's words) and, for a reader, the pages read
 * stand out. The drawing is for the eye and the mouse; beside it a list says
 * the same to a screen reader (page by page: its state and where its choices
 * lead), so the SVG itself is hidden from assistive technology. On a narrow
 * screen the map starts zoomed to fit and scrolls; the zoom buttons change it.
 * Memoized: the editor re-renders on every letter typed, the map only when
 * what it shows changes (give it a stable onSelect).
 */
export const StoryMap = memo(function StoryMap({ pages, start, problems = noProblems, visited, current, selected, onSelect, boxLabel = byId, label, className }: StoryMapProps) {
  const layout = useMemo(() => layoutMap(pages), [pages])
  const frame = useRef<HTMLDivElement>(null)
  const [zoom, setZoom] = useState(1)
  const lit = visited ? new Set(visited) : null
  const pageOf = new Map(pages.map((p) => [p.id, p]))

  // Start as large as fits the frame's width, but readable: a wider map scrolls, and "Fit the map" shows it whole.
  useLayoutEffect(() => {
    const width = frame.current?.clientWidth ?? 0
    if (width > 0 && layout.width > 0) setZoom(fitZoom(width, layout.width))
  }, [layout.width])

  const zoomBy = (step: number) => setZoom((z) => ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, nearestZoom(z) + step))])

  return (
    <figure className={cn('space-y-2', className)}>
      <div className="flex items-center justify-end gap-1" role="group" aria-label="Zoom the map">
        <MapButton label="Zoom out" onClick={() => zoomBy(-1)} disabled={zoom <= ZOOMS[0]}>
          <Minus aria-hidden="true" />
        </MapButton>
        <MapButton label="Fit the map" onClick={() => setZoom(fitZoom(frame.current?.clientWidth ?? 0, layout.width, ZOOMS[0]))}>
          <Maximize2 aria-hidden="true" />
        </MapButton>
        <MapButton label="Zoom in" onClick={() => zoomBy(1)} disabled={zoom >= ZOOMS[ZOOMS.length - 1]}>
          <Plus aria-hidden="true" />
        </MapButton>
      </div>
      {/* Focusable, so a keyboard scrolls a map larger than its frame. */}
      <div
        ref={frame}
        tabIndex={0}
        role="region"
        aria-label={`${label}, as a drawing`}
        className="max-h-[60vh] overflow-auto rounded-2xl border-2 border-line bg-cream focus-visible:ring-4 focus-visible:ring-tiger-200 focus-visible:outline-none"
        data-testid="story-map"
      >
        <svg
          aria-hidden="true"
          width={layout.width * zoom}
          height={layout.height * zoom}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          className="block"
        >
          <defs>
            <marker id="story-map-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className="fill-muted" />
            </marker>
            <marker id="story-map-arrow-lit" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className="fill-tiger-600" />
            </marker>
          </defs>
          {layout.arrows.map((a) => {
            const on = lit?.has(a.from) && lit.has(a.to)
            return (
              <path
                key={`${a.from}->${a.to}`}
                d={arrowPath(a.points)}
                fill="none"
                strokeWidth={on ? 3 : 1.5}
                className={cn(on ? 'stroke-tiger-600' : 'stroke-muted', lit && !on && 'opacity-40')}
                markerEnd={`url(#story-map-arrow${on ? '-lit' : ''})`}
                data-arrow={`${a.from}->${a.to}`}
              />
            )
          })}
          {layout.pages.map(({ id, x, y }) => {
            const page = pageOf.get(id)!
            return (
              <PageBox
                key={id}
                page={page}
                x={x - BOX.width / 2}
                y={y - BOX.height / 2}
                text={boxLabel(page)}
                isStart={id === start}
                problem={problems[id]?.[0]}
                dimmed={lit ? !lit.has(id) : false}
                lit={lit?.has(id) ?? false}
                current={id === current}
                selected={id === selected}
                onSelect={onSelect}
              />
            )
          })}
        </svg>
      </div>
      <figcaption className="sr-only">{label}</figcaption>
      <MapList pages={pages} start={start} problems={problems} lit={lit} current={current} label={label} />
    </figure>
  )
})

const noProblems: Readonly<Record<string, readonly string[]>> = {}
const byId = (page: MapPage) => page.id

function MapButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="flex size-11 items-center justify-center rounded-full border-2 border-line bg-white text-ink transition hover:border-tiger-300 focus-visible:ring-4 focus-visible:ring-tiger-200 focus-visible:outline-none disabled:opacity-40 [&_svg]:size-4"
    >
      {children}
    </button>
  )
}

type BoxProps = {
  page: MapPage
  x: number
  y: number
  text: string
  isStart: boolean
  problem?: string
  dimmed: boolean
  lit: boolean
  current: boolean
  selected: boolean
  onSelect?: (id: string) => void
}

/** One page's box: its name, and under it what it is (start, ending) or what is wrong with it. */
function PageBox({ page, x, y, text, isStart, problem, dimmed, lit, current, selected, onSelect }: BoxProps) {
  const ending = endingName(page)
  const note = problem ?? (ending !== null ? (ending ? `Ending: ${ending}` : 'An ending') : isStart ? 'The start' : '')
  const tone = problem
    ? 'fill-red-50 stroke-red-600'
    : lit
      ? 'fill-sun-100 stroke-tiger-600'
      : ending !== null
        ? 'fill-leaf-100 stroke-leaf-700'
        : 'fill-white stroke-tiger-300'
  const lines = wrap(note, 28, 2)
  return (
    <g
      transform={`translate(${x},${y})`}
      onClick={onSelect && (() => onSelect(page.id))}
      className={cn(onSelect && 'cursor-pointer', dimmed && 'opacity-40')}
      data-page={page.id}
      data-state={[problem && 'problem', isStart && 'start', ending !== null && 'ending', lit && 'lit', selected && 'selected'].filter(Boolean).join(' ')}
    >
      <title>{[page.id, note].filter(Boolean).join(': ')}</title>
      {(selected || current) && (
        <rect x={-5} y={-5} width={BOX.width + 10} height={BOX.height + 10} rx={18} className="fill-none stroke-tiger-700" strokeWidth={3} strokeDasharray={current && !selected ? '6 4' : undefined} />
      )}
      <rect width={BOX.width} height={BOX.height} rx={ending !== null ? 28 : 12} className={tone} strokeWidth={problem || isStart ? 3 : 2} />
      {isStart && <StartFlag />}
      {ending !== null && !problem && <Flag x={BOX.width - 24} y={8} width={16} height={16} className="stroke-leaf-700" aria-hidden="true" />}
      <text x={BOX.width / 2} y={lines.length > 1 ? 24 : lines.length ? 30 : 40} textAnchor="middle" className="fill-ink font-bold" fontSize={15}>
        {truncate(text, 20)}
      </text>
      {lines.map((line, i) => (
        <text key={i} x={BOX.width / 2} y={(lines.length > 1 ? 42 : 50) + i * 15} textAnchor="middle" fontSize={12} className={problem ? 'fill-red-700 font-bold' : 'fill-muted'}>
          {line}
        </text>
      ))}
    </g>
  )
}

/** A small "Start" tab on the start page's top left corner. */
function StartFlag() {
  return (
    <g transform="translate(8,-11)">
      <rect width={44} height={18} rx={9} className="fill-tiger-700" />
      <text x={22} y={13} textAnchor="middle" fontSize={11} className="fill-white font-bold">
        Start
      </text>
    </g>
  )
}

/** The list beside the map for screen readers: the same pages, states and arrows in words. */
function MapList({ pages, start, problems, lit, current, label }: { pages: readonly MapPage[]; start: string; problems: Readonly<Record<string, readonly string[]>>; lit: Set<string> | null; current?: string; label: string }) {
  return (
    <ol className="sr-only" aria-label={label}>
      {pages.map((page) => (
        <li key={page.id}>{describePage(page, { start, problems: problems[page.id] ?? [], lit, current })}</li>
      ))}
    </ol>
  )
}

/** One page of the map in words: "cave: the start. Leads to river, hill. Problem: …". */
export function describePage(page: MapPage, { start, problems, lit, current }: { start: string; problems: readonly string[]; lit: Set<string> | null; current?: string }): string {
  const ending = endingName(page)
  const parts = [page.id + (page.id === start ? ', the start' : '') + (page.id === current ? ', where you are' : '')]
  if (lit) parts.push(lit.has(page.id) ? 'Read' : 'Not read yet')
  if (ending !== null) parts.push(ending ? `An ending: ${ending}` : 'An ending')
  else if (page.choices.length > 0) parts.push(`Leads to ${page.choices.join(', ')}`)
  else parts.push('No choices')
  for (const p of problems) parts.push(`Problem: ${p}`)
  return parts.join('. ') + '.'
}

/** The ending's name ('' when it has none), or null for a page that is not an ending. */
function endingName(page: MapPage): string | null {
  if (page.ending === undefined || page.ending === null || page.ending === false) return null
  return page.ending === true ? '' : page.ending
}

/** Words in at most `count` lines of `width` characters, the last cut short with an ellipsis when they do not fit. */
export function wrap(text: string, width: number, count: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  if (lines.length <= count) return lines.map((l) => truncate(l, width))
  return [...lines.slice(0, count - 1), truncate(lines.slice(count - 1).join(' '), width)]
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s
}

function nearestZoom(z: number): number {
  let best = 0
  ZOOMS.forEach((v, i) => {
    if (Math.abs(v - z) < Math.abs(ZOOMS[best] - z)) best = i
  })
  return best
}

/** The smallest zoom the map starts at: its words stay readable, and a wider map scrolls. */
const READABLE = 0.7

/** The zoom at which the map's width fits the frame's, between `least` and 1. */
export function fitZoom(frameWidth: number, mapWidth: number, least = READABLE): number {
  if (frameWidth <= 0 || mapWidth <= 0) return 1
  return Math.max(least, Math.min(1, (frameWidth - 4) / mapWidth))
}
