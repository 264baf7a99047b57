import { describe, expect, it } from 'vitest'
import { DEFAULT_OBJECTS } from '../defaults'
import { ASPECT_RATIO_TOLERANCE, DIFFERENCE_HIT_FACTOR, aspectRatiosDiffer, formatSeconds, isHit, newId, percentPoint } from './rules'

describe('isHit', () => {
  const can = { x: 50, y: 78, radius: 6 }

  it('counts a click inside the radius, on the rim, and refuses one just outside', () => {
    expect(isHit({ x: 50, y: 78 }, can)).toBe(true)
    expect(isHit({ x: 56, y: 78 }, can)).toBe(true)
    expect(isHit({ x: 50, y: 72 }, can)).toBe(true)
    expect(isHit({ x: 56.01, y: 78 }, can)).toBe(false)
    // Diagonal: 4.3² + 4.3² = 36.98 > 36.
    expect(isHit({ x: 54.3, y: 82.3 }, can)).toBe(false)
    expect(isHit({ x: 54.2, y: 82.2 }, can)).toBe(true)
  })

  it('halves the radius in the differences game', () => {
    const diff = { x: 20, y: 20, radius: 10 }
    expect(isHit({ x: 25, y: 20 }, diff, DIFFERENCE_HIT_FACTOR)).toBe(true)
    expect(isHit({ x: 25.1, y: 20 }, diff, DIFFERENCE_HIT_FACTOR)).toBe(false)
    expect(isHit({ x: 29, y: 20 }, diff)).toBe(true)
  })

  it('finds every default object at its own centre and no other', () => {
    DEFAULT_OBJECTS.forEach((o, i) => {
      const hits = DEFAULT_OBJECTS.map((other, j) => (isHit(o, other) ? j : -1)).filter((j) => j !== -1)
      expect(hits).toContain(i)
    })
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
