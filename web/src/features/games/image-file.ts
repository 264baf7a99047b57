import { JPEG_QUALITY, MAX_IMAGE_WIDTH_PX } from './logic/rules'

export type ProcessedImage = { dataUrl: string; width: number; height: number }

/**
 * Spec 02 §9: an uploaded picture is resized to at most 800 px wide and kept
 * as JPEG at quality 0.7. Rejects when the browser cannot decode the file.
 */
export async function compressImage(file: File): Promise<ProcessedImage> {
  const url = URL.createObjectURL(file)
  try {
    const img = await new Promise<HTMLImageElement>((resolve, reject) => {
      const el = new Image()
      el.onload = () => resolve(el)
      el.onerror = () => reject(new Error('not an image'))
      el.src = url
    })
    const scale = Math.min(1, MAX_IMAGE_WIDTH_PX / img.naturalWidth)
    const width = Math.max(1, Math.round(img.naturalWidth * scale))
    const height = Math.max(1, Math.round(img.naturalHeight * scale))
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const ctx = canvas.getContext('2d')
    if (!ctx) throw new Error('no canvas')
    ctx.fillStyle = '#ffffff' // transparent PNG areas become white, not black, in a JPEG
    ctx.fillRect(0, 0, width, height)
    ctx.drawImage(img, 0, 0, width, height)
    return { dataUrl: canvas.toDataURL('image/jpeg', JPEG_QUALITY), width, height }
  } finally {
    URL.revokeObjectURL(url)
  }
}
