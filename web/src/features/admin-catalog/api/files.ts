import { useMutation } from '@tanstack/react-query'
import { ApiError, apiHeaders } from '@/lib/api'
import type { AdminFile } from '../types'

/** The files a format sells, by what the picker offers (the server checks each by its content). */
export const fileTypes: Record<'ebook' | 'audiobook' | 'printable', string> = {
  ebook: '.epub,.pdf,application/epub+zip,application/pdf',
  audiobook: '.mp3,.m4a,.aac,.ogg,.opus,audio/*',
  printable: '.pdf,application/pdf',
}

/**
 * POST /api/admin/files?name=… with the file as the body → {id, kind, size}.
 * Sent with XMLHttpRequest, not fetch: only it reports how much of a large
 * audiobook has gone up, which `onProgress` hears as a share from 0 to 1.
 */
export async function uploadFile(file: File, onProgress: (share: number) => void): Promise<AdminFile> {
  const headers = await apiHeaders()
  return new Promise<AdminFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api/admin/files?name=${encodeURIComponent(file.name)}`)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total)
    }
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The upload stopped: check the connection and try again.'))
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        // not JSON: said below
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'id' in body) {
        const f = body as Partial<AdminFile> & { id: string }
        resolve({ id: f.id, kind: f.kind ?? '', name: f.name ?? file.name, size: f.size ?? file.size })
        return
      }
      const error = body && typeof body === 'object' ? (body as { error?: { code?: string; message?: string } }).error : undefined
      reject(new ApiError(xhr.status, error?.code ?? 'error', error?.message ?? (xhr.status === 413 ? 'This file is too large.' : 'The upload failed. Please try again.')))
    }
    xhr.send(file)
  })
}

export function useUploadFile() {
  return useMutation({ mutationFn: ({ file, onProgress }: { file: File; onProgress: (share: number) => void }) => uploadFile(file, onProgress) })
}
