import { describe, expect, it } from 'vitest'
import { DEFAULT_DIFFERENCE_PAIR, DEFAULT_OBJECTS } from '../defaults'
import { ASPECT_RATIO_TOLERANCE, DIFFERENCE_HIT_FACTOR, MIN_TAP_PX, aspectRatiosDiffer, formatSeconds, isHit, nearestHit, newId, percentPoint } from './rules'

/** Where a point of an SVG group drawn at translate(cx cy) rotate(deg) lands, in percent of a width × height picture. */
function drawnAt(group: { cx: number; cy: number; deg: number }, x: number, y: number, size: { width: number; height: number }) {
  const a = (group.deg * Math.PI) / 180
  return {
    x: ((group.cx + x * Math.cos(a) - y * Math.sin(a)) / size.width) * 100,
    y: ((group.cy + x * Math.sin(a) + y * Math.cos(a)) / size.height) * 100,
  }
}

describe('isHit', () => {
  const wide = { width: 1000, height: 600 }
  const can = { x: 50, y: 78, radius: 6 }

  it('is a circle in the picture\'s pixels: the radius is percent of the width, also upwards', () => {
    // 6 % of 1000 px = 60 px, which is 10 % of the 600 px height.
    expect(isHit({ x: 50, y: 78 }, can, wide)).toBe(true)
    expect(isHit({ x: 56, y: 78 }, can, wide)).toBe(true)
    expect(isHit({ x: 50, y: 68 }, can, wide)).toBe(true)
    expect(isHit({ x: 50, y: 88 }, can, wide)).toBe(true)
    expect(isHit({ x: 56.1, y: 78 }, can, wide)).toBe(false)
    expect(isHit({ x: 50, y: 88.2 }, can, wide)).toBe(false)
    // Diagonal: 43 px and 43 px is 60.8 px away.
    expect(isHit({ x: 54.3, y: 78 + (43 / 600) * 100 }, can, wide)).toBe(false)
    expect(isHit({ x: 54.2, y: 78 + (42 / 600) * 100 }, can, wide)).toBe(true)
  })

  it('does not depend on the scale the picture is shown at', () => {
    const point = { x: 50, y: 87 }
    expect(isHit(point, can, wide)).toBe(isHit(point, can, { width: 390, height: 234 }))
  })

  it('halves the radius in the differences game', () => {
    const square = { width: 800, height: 800 }
    const diff = { x: 20, y: 20, radius: 10 }
    expect(isHit({ x: 25, y: 20 }, diff, square, DIFFERENCE_HIT_FACTOR)).toBe(true)
    expect(isHit({ x: 25.1, y: 20 }, diff, square, DIFFERENCE_HIT_FACTOR)).toBe(false)
    expect(isHit({ x: 29, y: 20 }, diff, square)).toBe(true)
  })

  it('counts the plastic bag\'s handles in the forest picture', () => {
    const bag = { cx: 80, cy: 450, deg: -8 } // forest.svg, #plastic-bag
    for (const handle of [drawnAt(bag, -16, -34, wide), drawnAt(bag, 16, -34, wide)]) expect(isHit(handle, DEFAULT_OBJECTS[0], wide)).toBe(true)
  })

  it('counts both tips of the kite and the ends of the cloud in the picnic pair', () => {
    const picnic = { width: 800, height: 600 }
    const kite = { cx: 136, cy: 108, deg: -15 } // picnic-1.svg, the kite's diamond runs from (0, -40) to (0, 44)
    const [kiteZone, cloudZone] = DEFAULT_DIFFERENCE_PAIR.differences
    for (const tip of [drawnAt(kite, 0, -40, picnic), drawnAt(kite, 0, 44, picnic)]) expect(isHit(tip, kiteZone, picnic, DIFFERENCE_HIT_FACTOR)).toBe(true)
    for (const end of [{ x: 584, y: 168 }, { x: 702, y: 166 }]) expect(isHit({ x: end.x / 8, y: end.y / 6 }, cloudZone, picnic, DIFFERENCE_HIT_FACTOR)).toBe(true)
  })

  it('finds every default object at its own center', () => {
    DEFAULT_OBJECTS.forEach((o, i) => expect(nearestHit(o, DEFAULT_OBJECTS, wide)).toBe(i))
  })
})

describe('nearestHit', () => {
  it('picks the nearest of overlapping circles, relative to their sizes, and -1 outside all', () => {
    const size = { width: 100, height: 100 }
    const zones = [
      { x: 40, y: 50, radius: 10 },
      { x: 55, y: 50, radius: 10 },
    ]
    expect(nearestHit({ x: 46, y: 50 }, zones, size)).toBe(0)
    expect(nearestHit({ x: 49, y: 50 }, zones, size)).toBe(1)
    expect(nearestHit({ x: 90, y: 90 }, zones, size)).toBe(-1)
  })
})

describe('aspectRatiosDiffer', () => {
  it('warns at a difference of 0.05 or more, not below', () => {
    expect(ASPECT_RATIO_TOLERANCE).toBe(0.05)
    expect(aspectRatiosDiffer({ width: 800, height: 600 }, { width: 800, height: 600 })).toBe(false)
    expect(aspectRatiosDiffer({ width: 100, height: 100 }, { width: 104, height: 100 })).toBe(false)
    expect(aspectRatiosDiffer({ width: 100, height: 100 }, { width: 105, height: 100 })).toBe(true)
    expect(aspectRatiosDiffer({ width: 400, height: 300 }, { width: 800, height: 480 })).toBe(true)
  })
})

describe('percentPoint', () => {
  it('turns a pointer position into percent of the box, clamped', () => {
    const box = { left: 100, top: 50, width: 400, height: 200 }
    expect(percentPoint(300, 150, box)).toEqual({ x: 50, y: 50 })
    expect(percentPoint(0, 500, box)).toEqual({ x: 0, y: 100 })
  })
})

describe('formatSeconds and newId', () => {
  it('shows 0.01 s steps', () => {
    expect(formatSeconds(3000)).toBe('30.00')
    expect(formatSeconds(2957)).toBe('29.57')
    expect(formatSeconds(-5)).toBe('0.00')
  })

  it('shapes ids as prefix plus timestamp, unique', () => {
    const a = newId('pair_')
    const b = newId('pair_')
    expect(a).toMatch(/^pair_\d+$/)
    expect(b).not.toBe(a)
    expect(newId('img_')).toMatch(/^img_\d+$/)
  })
})

describe('the smallest tap', () => {
  // The forest picture as a phone shows it: 358 × 215 px, where the apple core's circle is 36 px across.
  const phone = { width: 358, height: 214.8 }
  const apple = DEFAULT_OBJECTS[1]
  const px = (dx: number, dy: number) => ({ x: apple.x + (dx / phone.width) * 100, y: apple.y + (dy / phone.height) * 100 })

  it('takes every point of a 44 × 44 px square around a small thing', () => {
    for (const [dx, dy] of [[-22, -22], [22, -22], [-22, 22], [22, 22], [0, 22]]) {
      expect(isHit(px(dx, dy), apple, phone)).toBe(false)
      expect(isHit(px(dx, dy), apple, phone, 1, MIN_TAP_PX)).toBe(true)
    }
    expect(isHit(px(0, 23), apple, phone, 1, MIN_TAP_PX)).toBe(false)
  })

  it('gives a tap between two things to the nearer', () => {
    // The straw lies 21 px to the right of the apple core: a tap 15 px right of the core is the straw's.
    expect(nearestHit(px(15, 0), DEFAULT_OBJECTS, phone, 1, MIN_TAP_PX)).toBe(2)
    expect(nearestHit(px(-15, 0), DEFAULT_OBJECTS, phone, 1, MIN_TAP_PX)).toBe(1)
  })
})
