/**
 * A thing to find on a game image (spec 02 §3). x and y are percent of the
 * picture's width and height; the radius is percent of the picture's WIDTH,
 * so a zone is a circle in the picture's own pixels whatever its shape (as it
 * is drawn), not an ellipse stretched by the picture's aspect ratio.
 */
export type HiddenObject = { name: string; x: number; y: number; radius: number }

/** Browser storage key gameImages holds a list of these (spec 02 §3 "Game image"). */
export type GameImage = { id: string; name: string; imageUrl: string; objects: HiddenObject[] }

/** One difference of a pair: x, y in percent of the picture's width and height, radius in percent of its width. */
export type Difference = { x: number; y: number; radius: number }

/** Browser storage key differencePairs holds a list of these (spec 02 §3 "Difference pair"). */
export type DifferencePair = { id: string; name: string; image1Url: string; image2Url: string; differences: Difference[] }

/** A point on a picture, in percent of its width (x) and height (y). */
export type Point = { x: number; y: number }

/** A zone to hit: its center in percent, its radius in percent of the picture's width. */
export type Zone = Point & { radius: number }

/** A picture's size in pixels, at any scale (only its shape matters to a hit test). */
export type Size = { width: number; height: number }

/** Everything both games can be configured with, as the visitor's browser keeps it. */
export type GameConfig = { gameImages: GameImage[]; differencePairs: DifferencePair[] }

/**
 * The configuration the admin publishes (GET /api/game-config): its version,
 * which a save must name (a stale one is refused with 409), and whether the
 * shop's own pictures are taken out of the games.
 */
export type PublishedConfig = GameConfig & { version: number; hideShopPictures: boolean }
