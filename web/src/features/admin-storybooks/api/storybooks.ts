import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import { idempotencyKeys, idempotentPost } from '@/lib/idempotency'
import { userKey } from '@/lib/user-data'
import type { AdminStorybook, Grant, ListedStorybook, StorybookSave, UploadedMedia } from '../types'

// The back office's storybooks (docs/storybooks.md). Keys are the staff
// member's (userKey): signing out drops them.

export const storybooksKey = () => userKey('admin', 'storybooks')

export const storybooksQueryOptions = () =>
  queryOptions({
    queryKey: [...storybooksKey(), 'list'],
    queryFn: async () => (await apiFetch<{ storybooks: ListedStorybook[] }>('/api/admin/storybooks')).storybooks,
    staleTime: 0,
  })

export function useStorybooks() {
  return useQuery(storybooksQueryOptions())
}

export const storybookQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...storybooksKey(), 'one', id],
    queryFn: () => apiFetch<AdminStorybook>(`/api/admin/storybooks/${id}`),
    // Read again each time the editor opens; the form keeps the version it opened with.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  })

export function useStorybook(id: number) {
  return useQuery({ ...storybookQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 })
}

/** A book of the catalog, as the "New storybook" choice lists it. */
export type CatalogBook = { id: number; title: string }

/** The catalog's books by title (GET /api/admin/books, at most 200: the shop's catalog is small). */
export const catalogBooksQueryOptions = () =>
  queryOptions({
    queryKey: [...storybooksKey(), 'books'],
    queryFn: async () => (await apiFetch<{ books: CatalogBook[] }>('/api/admin/books?sort=title&perPage=200')).books,
    staleTime: 30_000,
  })

export function useCatalogBooks(enabled: boolean) {
  return useQuery({ ...catalogBooksQueryOptions(), enabled })
}

/** A storybook the server answered: the editor's copy is this one, and the list is read again. */
function useSaved() {
  const queryClient = useQueryClient()
  return (storybook: AdminStorybook) => {
    queryClient.setQueryData(storybookQueryOptions(storybook.id).queryKey, storybook)
    void queryClient.invalidateQueries({ queryKey: storybooksQueryOptions().queryKey, exact: true })
    void queryClient.invalidateQueries({ queryKey: userKey('admin', 'audit') })
  }
}

const createStorybook = idempotentPost<AdminStorybook>('/api/admin/storybooks')

/** POST /api/admin/storybooks with an Idempotency-Key: a double click makes one storybook. */
export function useCreateStorybook() {
  const saved = useSaved()
  return useMutation({ mutationFn: (fields: { bookId: number; title: string }) => createStorybook(fields), onSuccess: saved })
}

const importKeys = idempotencyKeys()

/** POST /api/admin/storybooks/import?bookId=N with the Twee 3 text: a new draft, or the book's storybook with its pages replaced. */
export async function importTwee(bookId: number, twee: string): Promise<AdminStorybook> {
  const imported = await apiFetch<AdminStorybook>(`/api/admin/storybooks/import?bookId=${bookId}`, {
    method: 'POST',
    body: twee,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Idempotency-Key': importKeys.key({ bookId, twee }) },
  })
  importKeys.succeeded()
  return imported
}

export function useImportTwee() {
  const saved = useSaved()
  return useMutation({ mutationFn: ({ bookId, twee }: { bookId: number; twee: string }) => importTwee(bookId, twee), onSuccess: saved })
}

/** PUT /api/admin/storybooks/{id}: the whole storybook, based on the version the editor loaded (else 409). */
export function useSaveStorybook() {
  const saved = useSaved()
  return useMutation({
    mutationFn: ({ id, save }: { id: number; save: StorybookSave }) => apiFetch<AdminStorybook>(`/api/admin/storybooks/${id}`, { method: 'PUT', json: save }),
    onSuccess: saved,
  })
}

/** POST .../publish or .../unpublish {version}; publishing is refused (422 with `problems`) while any remain. */
export function usePublishing() {
  const saved = useSaved()
  return useMutation({
    mutationFn: ({ id, version, publish }: { id: number; version: number; publish: boolean }) =>
      apiFetch<AdminStorybook>(`/api/admin/storybooks/${id}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST', json: { version } }),
    onSuccess: saved,
  })
}

/** GET .../export.twee: the storybook as Twine's text (signed in, so fetched, then saved). */
export function exportTwee(id: number): Promise<string> {
  return apiFetch<string>(`/api/admin/storybooks/${id}/export.twee`, { headers: { Accept: 'text/plain' } })
}

const grantKeys = idempotencyKeys()

/** POST .../grants {email}: the family of that account has the edition. */
export async function grantStorybook(id: number, email: string): Promise<Grant> {
  const grant = await apiFetch<Grant>(`/api/admin/storybooks/${id}/grants`, { method: 'POST', json: { email }, headers: { 'Idempotency-Key': grantKeys.key({ id, email }) } })
  grantKeys.succeeded()
  return grant
}

export function useGrantStorybook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) => grantStorybook(id, email),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKey('admin', 'audit') }),
  })
}

/** The files the server takes: pictures as covers are, narration as MP3, M4A/AAC or Ogg. */
export const pictureTypes = ['image/jpeg', 'image/png', 'image/webp']
export const narrationTypes = ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/ogg', 'audio/opus']

/** The Content-Type the server names for a file the browser may call otherwise (.m4a is audio/x-m4a in Chromium). */
function mediaType(file: File): string {
  if (file.type === 'audio/x-m4a' || file.type === 'audio/aac') return 'audio/mp4'
  return file.type
}

/** POST /api/admin/storybooks/media with the file as the body; the same file twice is kept once (its URL is its hash). */
export function uploadMedia(file: File): Promise<UploadedMedia> {
  return apiFetch<UploadedMedia>('/api/admin/storybooks/media', { method: 'POST', body: file, headers: { 'Content-Type': mediaType(file) } })
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia })
}
