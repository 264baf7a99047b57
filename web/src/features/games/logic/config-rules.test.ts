import { describe, expect, it } from 'vitest'
import { addDifference, addObject, canAddGameImage, canAddPair, canSavePair, differencePairSchema, gameConfigSchema, publishedConfigSchema } from './config-rules'
import type { DifferencePair, GameImage } from './types'

const image: GameImage = { id: 'img_1', name: 'Park', imageUrl: 'data:image/jpeg;base64,AA', objects: [] }
const pair = (n: number): DifferencePair => ({
  id: `pair_${n}`,
  name: `Pair ${n}`,
  image1Url: 'a',
  image2Url: 'b',
  differences: [],
})

describe('game image rules', () => {
  it('needs a non-blank object name and adds objects with radius 5', () => {
    expect(addObject(image, '   ', { x: 10, y: 10 })).toEqual({ error: 'Please enter an object name first' })
    const added = addObject(image, ' bottle ', { x: 12.345, y: 67.89 })
    expect(added).toEqual({ ...image, objects: [{ name: 'bottle', x: 12.3, y: 67.9, radius: 5 }] })
  })

  it('allows at most 3 images', () => {
    expect(canAddGameImage([image, image])).toBe(true)
    expect(canAddGameImage([image, image, image])).toBe(false)
  })
})

describe('difference pair rules', () => {
  it('allows at most 3 pairs and enables save only with a name, both images and room', () => {
    expect(canAddPair([pair(1), pair(2)])).toBe(true)
    expect(canAddPair([pair(1), pair(2), pair(3)])).toBe(false)
    const base = { name: 'Zoo', image1: 'x', image2: 'y', pairs: [] }
    expect(canSavePair(base)).toBe(true)
    expect(canSavePair({ ...base, name: '  ' })).toBe(false)
    expect(canSavePair({ ...base, image2: null })).toBe(false)
    expect(canSavePair({ ...base, pairs: [pair(1), pair(2), pair(3)] })).toBe(false)
  })

  it('adds differences with radius 10, at most 5', () => {
    let p: DifferencePair | null = pair(1)
    for (let i = 0; i < 5; i++) p = addDifference(p!, { x: i * 10, y: 50 })
    expect(p!.differences).toHaveLength(5)
    expect(p!.differences[4]).toEqual({ x: 40, y: 50, radius: 10 })
    expect(addDifference(p!, { x: 90, y: 90 })).toBeNull()
  })

  it('refuses stored data beyond the limits or outside the picture', () => {
    const full = { ...pair(1), differences: Array.from({ length: 6 }, () => ({ x: 1, y: 1, radius: 10 })) }
    expect(differencePairSchema.safeParse(full).success).toBe(false)
    expect(differencePairSchema.safeParse({ ...pair(1), differences: [{ x: 101, y: 1, radius: 10 }] }).success).toBe(false)
    expect(gameConfigSchema.safeParse({ gameImages: [], differencePairs: [pair(1), pair(2), pair(3), pair(4)] }).success).toBe(false)
    expect(gameConfigSchema.safeParse({ gameImages: [image], differencePairs: [pair(1)] }).success).toBe(true)
  })
})

describe('the published configuration', () => {
  it('carries its version and the shop-pictures switch, read as 0 and false from a server that sends neither', () => {
    expect(publishedConfigSchema.parse({ gameImages: [], differencePairs: [] })).toEqual({ version: 0, hideShopPictures: false, gameImages: [], differencePairs: [] })
    expect(publishedConfigSchema.parse({ version: 7, hideShopPictures: true, gameImages: [], differencePairs: [pair(1)] })).toMatchObject({ version: 7, hideShopPictures: true })
    expect(publishedConfigSchema.safeParse({ version: 1.5, gameImages: [], differencePairs: [] }).success).toBe(false)
  })
})
