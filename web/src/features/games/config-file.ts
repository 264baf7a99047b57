import { z } from '@/lib/zod'
import { differencePairSchema } from './logic/config-rules'
import { MAX_DIFFERENCE_PAIRS } from './logic/rules'
import type { DifferencePair } from './logic/types'

/** The file Export Config downloads and Import Config reads. */
export const PAIRS_FILE_NAME = 'difference-pairs.json'

const pairsFileSchema = z.object({ differencePairs: z.array(differencePairSchema).max(MAX_DIFFERENCE_PAIRS) })

/** The exported configuration: the image pairs under the key the game configuration uses. */
export const pairsFile = (pairs: DifferencePair[]) => JSON.stringify({ differencePairs: pairs }, null, 2)

/**
 * The pairs with their pictures inside (data URLs), so the exported file
 * still imports once the pictures it named have been deleted from the server,
 * or in another shop.
 */
export async function withPictures(pairs: DifferencePair[]): Promise<DifferencePair[]> {
  return Promise.all(pairs.map(async (p) => ({ ...p, image1Url: await dataUrl(p.image1Url), image2Url: await dataUrl(p.image2Url) })))
}

async function dataUrl(url: string): Promise<string> {
  if (url.startsWith('data:')) return url
  const response = await fetch(url)
  if (!response.ok) throw new Error(`The picture ${url} could not be read.`)
  const blob = await response.blob()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.onerror = () => reject(new Error(`The picture ${url} could not be read.`))
    reader.readAsDataURL(blob)
  })
}

/** Reads an exported file (or a bare list of pairs, as the console shows it); null when it holds no valid pairs. */
export function parsePairsFile(text: string): DifferencePair[] | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  return pairsFileSchema.safeParse(Array.isArray(value) ? { differencePairs: value } : value).data?.differencePairs ?? null
}

/** Lets the browser save text as a file. */
export function download(name: string, text: string, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the URL to the download; keep it a moment for browsers that read it late.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
