import type { Point, Size, Zone } from './types'

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
 * How far point lies from the zone's center, in units of the zone's radius
 * (times factor): at most 1 is a hit, on the rim included. The distance is
 * measured in the picture's pixels (`size`), since x and y are percent of
 * different lengths and the radius is percent of the width: the zone is the
 * circle drawn on the picture.
 */
export function hitDistance(point: Point, zone: Zone, size: Size, factor = 1): number {
  const dx = ((point.x - zone.x) / 100) * size.width
  const dy = ((point.y - zone.y) / 100) * size.height
  const r = (zone.radius / 100) * size.width * factor
  return r > 0 ? Math.hypot(dx, dy) / r : Infinity
}

/**
 * The smallest tap area of a thing to find, in CSS pixels (44 × 44, WCAG's
 * target size): a small thing on a phone's narrow picture still takes a
 * finger. The objects game hits a square this big around each zone's center
 * as well as the zone's circle.
 */
export const MIN_TAP_PX = 44

/**
 * True when point lies within the zone's circle on a picture of this size
 * (see hitDistance), or within the square of minTap pixels around its center.
 */
export function isHit(point: Point, zone: Zone, size: Size, factor = 1, minTap = 0): boolean {
  if (hitDistance(point, zone, size, factor) <= 1 + 1e-9) return true
  if (minTap <= 0 || zone.radius <= 0) return false
  const dx = Math.abs(((point.x - zone.x) / 100) * size.width)
  const dy = Math.abs(((point.y - zone.y) / 100) * size.height)
  return Math.max(dx, dy) <= minTap / 2 + 1e-9
}

/** The index of the zone that holds point (isHit), the nearest when they overlap, or -1. */
export function nearestHit(point: Point, zones: Zone[], size: Size, factor = 1, minTap = 0): number {
  let best = -1
  zones.forEach((zone, i) => {
    if (isHit(point, zone, size, factor, minTap) && (best === -1 || hitDistance(point, zone, size, factor) < hitDistance(point, zones[best], size, factor))) best = i
  })
  return best
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
