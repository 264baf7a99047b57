import type { Point } from './types'

// Spec 02 §9, business constants and limits.
export const GAME_SECONDS = 30
/** The timer counts down in hundredths of a second (0.01 s steps). */
export const GAME_CENTISECONDS = GAME_SECONDS * 100
export const WRONG_CLICKS_TO_LOSE = 3
export const POINTS_PER_SECOND_LEFT = 5
export const MAX_GAME_IMAGES = 3
export const MAX_DIFFERENCE_PAIRS = 3
export const MAX_DIFFERENCES = 5
export const NEW_OBJECT_RADIUS = 5
export const NEW_DIFFERENCE_RADIUS = 10
/** The differences game is stricter: a click must land within half the stored radius. */
export const DIFFERENCE_HIT_FACTOR = 0.5
export const ASPECT_RATIO_TOLERANCE = 0.05
export const MOBILE_BREAKPOINT_PX = 768
export const MAX_IMAGE_WIDTH_PX = 800
export const JPEG_QUALITY = 0.7
export const MAX_NAME_LENGTH = 60

/**
 * True when point lies within the target's radius (times factor), measured
 * in percent of the picture as the spec does; a click exactly on the rim counts.
 */
export function isHit(point: Point, target: Point & { radius: number }, factor = 1): boolean {
  const dx = point.x - target.x
  const dy = point.y - target.y
  const r = target.radius * factor
  return dx * dx + dy * dy <= r * r + 1e-9
}

/** The warning rule of spec 02 §5: two aspect ratios that differ by 0.05 or more. */
export function aspectRatiosDiffer(a: { width: number; height: number }, b: { width: number; height: number }): boolean {
  if (a.height <= 0 || b.height <= 0) return false
  return Math.abs(a.width / a.height - b.width / b.height) >= ASPECT_RATIO_TOLERANCE - 1e-9
}

/** The position of a pointer on an element, in percent of its box, clamped to 0–100. */
export function percentPoint(clientX: number, clientY: number, box: { left: number; top: number; width: number; height: number }): Point {
  const clamp = (v: number) => Math.min(100, Math.max(0, v))
  return {
    x: clamp(((clientX - box.left) / box.width) * 100),
    y: clamp(((clientY - box.top) / box.height) * 100),
  }
}

/** Seconds left shown as the spec's 0.01 s steps, e.g. "29.57". */
export function formatSeconds(centiseconds: number): string {
  return (Math.max(0, centiseconds) / 100).toFixed(2)
}

/** An id as the spec shapes it: the prefix and a timestamp, made unique within one session. */
let lastStamp = 0
export function newId(prefix: 'img_' | 'pair_'): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1)
  return `${prefix}${lastStamp}`
}
