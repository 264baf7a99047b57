/** A thing to find on a game image; x, y and radius are percent of the picture (spec 02 §3). */
export type HiddenObject = { name: string; x: number; y: number; radius: number }

/** Browser storage key gameImages holds a list of these (spec 02 §3 "Game image"). */
export type GameImage = { id: string; name: string; imageUrl: string; objects: HiddenObject[] }

/** One difference of a pair, in percent of the picture's width and height. */
export type Difference = { x: number; y: number; radius: number }

/** Browser storage key differencePairs holds a list of these (spec 02 §3 "Difference pair"). */
export type DifferencePair = { id: string; name: string; image1Url: string; image2Url: string; differences: Difference[] }

/** A point on a picture, in percent of its width (x) and height (y). */
export type Point = { x: number; y: number }

/** Everything both games can be configured with. */
export type GameConfig = { gameImages: GameImage[]; differencePairs: DifferencePair[] }
