import type { DifferencePair, GameImage, HiddenObject } from './logic/types'

/** Spec 02 §3 "Default hidden objects", drawn at these places in the shipped forest picture (1000 × 600). */
export const DEFAULT_OBJECTS: HiddenObject[] = [
  { name: 'plastic bag', x: 8, y: 75, radius: 6 },
  { name: 'apple core', x: 19, y: 81, radius: 5 },
  { name: 'straw', x: 25, y: 84, radius: 5 },
  { name: 'straw', x: 38, y: 83, radius: 5 },
  { name: 'can', x: 50, y: 78, radius: 6 },
]

export const DEFAULT_GAME_IMAGE: GameImage = {
  id: 'default',
  name: 'Litter in the forest',
  imageUrl: '/games/forest.svg',
  objects: DEFAULT_OBJECTS,
}

/**
 * The pair shipped with the app so the differences game is playable on a
 * fresh install; the five places are where the two drawings differ. Each
 * radius (percent of the width, halved by the game) reaches the edge of what
 * differs: the kite's tips, the cloud's ends, the duck's beak.
 */
export const DEFAULT_DIFFERENCE_PAIR: DifferencePair = {
  id: 'default',
  name: 'Picnic by the pond',
  image1Url: '/games/picnic-1.svg',
  image2Url: '/games/picnic-2.svg',
  differences: [
    { x: 17, y: 18, radius: 12 },
    { x: 80, y: 30, radius: 16 },
    { x: 52, y: 52, radius: 10 },
    { x: 30, y: 76, radius: 10 },
    { x: 74, y: 80, radius: 11 },
  ],
}
