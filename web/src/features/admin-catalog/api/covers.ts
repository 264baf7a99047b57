import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { UploadedCover } from '../types'

/** The pictures the server takes as covers. */
export const coverTypes = ['image/jpeg', 'image/png', 'image/webp']

/**
 * POST /api/admin/covers with the picture as the body: the server decodes
 * it, cleans it and keeps it in the widths the pages use. The same picture
 * sent twice is kept once.
 */
export function uploadCover(file: File): Promise<UploadedCover> {
  return apiFetch<UploadedCover>('/api/admin/covers', { method: 'POST', body: file, headers: { 'Content-Type': file.type } })
}

export function useUploadCover() {
  return useMutation({ mutationFn: uploadCover })
}
