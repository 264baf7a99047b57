import { z } from '@/lib/zod'
import { MAX_DIFFERENCES, MAX_DIFFERENCE_PAIRS, MAX_GAME_IMAGES, MAX_NAME_LENGTH, NEW_DIFFERENCE_RADIUS, NEW_OBJECT_RADIUS } from './rules'
import type { DifferencePair, GameImage, Point, PublishedConfig } from './types'

// The shapes kept in browser storage and published by the server (spec 02 §3).
const percent = z.number().finite().min(0).max(100)
const radius = z.number().finite().gt(0).max(50)
const name = z.string().trim().min(1).max(MAX_NAME_LENGTH)

export const gameImageSchema = z.object({
  id: z.string().min(1).max(40),
  name,
  imageUrl: z.string().min(1),
  objects: z.array(z.object({ name, x: percent, y: percent, radius })).max(50),
})

export const differencePairSchema = z.object({
  id: z.string().min(1).max(40),
  name,
  image1Url: z.string().min(1),
  image2Url: z.string().min(1),
  differences: z.array(z.object({ x: percent, y: percent, radius })).max(MAX_DIFFERENCES),
})

export const gameConfigSchema = z.object({
  gameImages: z.array(gameImageSchema).max(MAX_GAME_IMAGES),
  differencePairs: z.array(differencePairSchema).max(MAX_DIFFERENCE_PAIRS),
})

/** GET /api/game-config: the configuration with its version and the hideShopPictures switch. */
export const publishedConfigSchema = gameConfigSchema.extend({
  version: z.number().int().min(0).default(0),
  hideShopPictures: z.boolean().default(false),
})

export const isBlank = (s: string) => s.trim() === ''

export const canAddGameImage = (images: GameImage[]) => images.length < MAX_GAME_IMAGES
export const canAddPair = (pairs: DifferencePair[]) => pairs.length < MAX_DIFFERENCE_PAIRS
export const canAddDifference = (pair: DifferencePair) => pair.differences.length < MAX_DIFFERENCES

/** Spec 02 §2: the save button needs both images, a non-blank name and room for another pair. */
export function canSavePair(input: { name: string; image1: unknown; image2: unknown; pairs: DifferencePair[] }): boolean {
  return !isBlank(input.name) && !!input.image1 && !!input.image2 && canAddPair(input.pairs)
}

/** Spec 02 §5: an object needs a name before the picture is clicked. */
export const OBJECT_NAME_REQUIRED = 'Please enter an object name first'

/** Adds an object where the picture was clicked (radius 5), or says why not (spec 02 §5). */
export function addObject(image: GameImage, objectName: string, at: Point): GameImage | { error: string } {
  if (isBlank(objectName)) return { error: OBJECT_NAME_REQUIRED }
  const rounded = { x: round1(at.x), y: round1(at.y) }
  return { ...image, objects: [...image.objects, { name: objectName.trim().slice(0, MAX_NAME_LENGTH), ...rounded, radius: NEW_OBJECT_RADIUS }] }
}

/** Adds a difference at the clicked place (radius 10), or null at the maximum of 5. */
export function addDifference(pair: DifferencePair, at: Point): DifferencePair | null {
  if (!canAddDifference(pair)) return null
  return { ...pair, differences: [...pair.differences, { x: round1(at.x), y: round1(at.y), radius: NEW_DIFFERENCE_RADIUS }] }
}

export function removeAt<T>(list: T[], index: number): T[] {
  return list.filter((_, i) => i !== index)
}

const round1 = (v: number) => Math.round(v * 10) / 10

export const emptyConfig = (): PublishedConfig => ({ version: 0, hideShopPictures: false, gameImages: [], differencePairs: [] })
