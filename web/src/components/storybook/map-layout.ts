import dagre from '@dagrejs/dagre'

/** A page as the map draws it: its id, where its choices lead, and its ending's name (or true) when it is one. */
export type MapPage = { id: string; choices: readonly string[]; ending?: string | boolean | null }

export type PlacedPage = { id: string; x: number; y: number }
export type PlacedArrow = { from: string; to: string; points: { x: number; y: number }[] }
export type MapLayout = { width: number; height: number; pages: PlacedPage[]; arrows: PlacedArrow[] }

export const BOX = { width: 184, height: 68 }
const MARGIN = 16

/**
 * Places the pages top to bottom, a story read forward, with dagre (the
 * layered layout Graphviz's dot made standard): each choice an arrow, fewest
 * crossings. A choice to a page that does not exist is not drawn (the
 * problems list names it); two choices to one page are one arrow.
 */
export function layoutMap(pages: readonly MapPage[]): MapLayout {
  const g = new dagre.graphlib.Graph()
  g.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 56, marginx: MARGIN, marginy: MARGIN })
  g.setDefaultEdgeLabel(() => ({}))
  const ids = new Set(pages.map((p) => p.id))
  for (const page of pages) g.setNode(page.id, { width: BOX.width, height: BOX.height })
  for (const page of pages) {
    for (const to of page.choices) if (ids.has(to) && to !== page.id) g.setEdge(page.id, to)
  }
  dagre.layout(g)
  const graph = g.graph()
  return {
    width: Math.ceil(graph.width ?? 0),
    height: Math.ceil(graph.height ?? 0),
    pages: pages.map((p) => {
      const n = g.node(p.id)
      return { id: p.id, x: n.x, y: n.y }
    }),
    arrows: g.edges().map((e) => ({ from: e.v, to: e.w, points: g.edge(e).points ?? [] })),
  }
}

/** An SVG path through dagre's points: straight ends, rounded bends (quadratic curves through the midpoints). */
export function arrowPath(points: readonly { x: number; y: number }[]): string {
  if (points.length === 0) return ''
  const [first, ...rest] = points
  if (rest.length === 0) return `M${first.x},${first.y}`
  let d = `M${first.x},${first.y}`
  for (let i = 0; i < rest.length - 1; i++) {
    const mid = { x: (rest[i].x + rest[i + 1].x) / 2, y: (rest[i].y + rest[i + 1].y) / 2 }
    d += ` Q${rest[i].x},${rest[i].y} ${mid.x},${mid.y}`
  }
  const last = rest[rest.length - 1]
  return `${d} L${last.x},${last.y}`
}
