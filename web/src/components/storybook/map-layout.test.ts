import { describe, expect, it } from 'vitest'
import { BOX, arrowPath, layoutMap } from './map-layout'

describe('layoutMap', () => {
  const pages = [
    { id: 'start', choices: ['left', 'right'] },
    { id: 'left', choices: ['end'] },
    { id: 'right', choices: ['end', 'nowhere'] },
    { id: 'end', choices: [], ending: 'Home again' },
    { id: 'lost', choices: [] },
  ]

  it('places every page without overlaps, the story reading downwards', () => {
    const layout = layoutMap(pages)
    expect(layout.pages.map((p) => p.id)).toEqual(['start', 'left', 'right', 'end', 'lost'])
    const at = Object.fromEntries(layout.pages.map((p) => [p.id, p]))
    expect(at.left.y).toBeGreaterThan(at.start.y)
    expect(at.end.y).toBeGreaterThan(at.left.y)
    for (const a of layout.pages)
      for (const b of layout.pages)
        if (a !== b) expect(Math.abs(a.x - b.x) >= BOX.width || Math.abs(a.y - b.y) >= BOX.height).toBe(true)
    for (const p of layout.pages) {
      expect(p.x - BOX.width / 2).toBeGreaterThanOrEqual(0)
      expect(p.x + BOX.width / 2).toBeLessThanOrEqual(layout.width)
      expect(p.y + BOX.height / 2).toBeLessThanOrEqual(layout.height)
    }
  })

  it('draws an arrow per choice to a page that exists', () => {
    const arrows = layoutMap(pages).arrows.map((a) => `${a.from}->${a.to}`)
    expect(arrows.sort()).toEqual(['left->end', 'right->end', 'start->left', 'start->right'])
  })

  it('lays out a page pointing at itself or a loop without failing', () => {
    const layout = layoutMap([
      { id: 'a', choices: ['a', 'b'] },
      { id: 'b', choices: ['a'] },
    ])
    expect(layout.pages).toHaveLength(2)
  })
})

describe('arrowPath', () => {
  it('goes straight through two points and curves through more', () => {
    expect(arrowPath([{ x: 0, y: 0 }, { x: 0, y: 10 }])).toBe('M0,0 L0,10')
    expect(arrowPath([{ x: 0, y: 0 }, { x: 10, y: 10 }, { x: 20, y: 10 }])).toBe('M0,0 Q10,10 15,10 L20,10')
  })
})
