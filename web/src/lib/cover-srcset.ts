/** The widths an uploaded cover is kept in (internal/covers: Widths). */
export const coverWidths = [160, 320, 480, 640]

// A copy of an uploaded cover: /covers/u/<hash>-<width>.<jpg|png>.
const uploadedCover = /^\/covers\/u\/([0-9a-f]{64})-([1-9]\d{0,3})\.(jpg|png)$/

/**
 * The srcset of an uploaded cover, from the URL of its largest copy (a
 * book's coverImage): the server keeps the widths of coverWidths below it
 * and its own, never scaling a picture up. Undefined for any other picture
 * (the shipped SVG covers), which is shown at any size from its one URL.
 */
export function coverSrcSet(src: string): string | undefined {
  const match = uploadedCover.exec(src)
  if (!match) return undefined
  const [, hash, w, ext] = match
  const largest = Number(w)
  if (largest > coverWidths[coverWidths.length - 1]) return undefined
  return [...coverWidths.filter((width) => width < largest), largest]
    .map((width) => `/covers/u/${hash}-${width}.${ext} ${width}w`)
    .join(', ')
}
