import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import { idempotencyKeys, idempotentPost } from '@/lib/idempotency'
import { userKey } from '@/lib/user-data'
import { apiSearch, type BookListFilters } from '../list-params'
import type { AdminBook, BookFields, BookPage } from '../types'

// The back office's books (GET/POST /api/admin/books, GET/PATCH
// /api/admin/books/{id}, POST .../duplicate). Keys are made by userKey:
// the back office's data is dropped when its staff member signs out.

export const adminBooksKey = () => userKey('admin', 'books')

export function getAdminBooks(filters: BookListFilters): Promise<BookPage> {
  return apiFetch<BookPage>(`/api/admin/books?${apiSearch(filters)}`)
}

export const adminBooksQueryOptions = (filters: BookListFilters) =>
  queryOptions({
    queryKey: [...adminBooksKey(), 'list', filters],
    queryFn: () => getAdminBooks(filters),
    // Another page or filter keeps the rows on screen until the next ones come.
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export function useAdminBooks(filters: BookListFilters) {
  return useQuery(adminBooksQueryOptions(filters))
}

export function getAdminBook(id: number): Promise<AdminBook> {
  return apiFetch<AdminBook>(`/api/admin/books/${id}`)
}

export const adminBookQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminBooksKey(), 'one', id],
    queryFn: () => getAdminBook(id),
    // Read again each time an editor opens; the form keeps the version it opened with.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  })

export function useAdminBook(id: number) {
  return useQuery({ ...adminBookQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 })
}

/** POST /api/admin/books with an Idempotency-Key: a double click makes one book. */
export const createBook = idempotentPost<AdminBook>('/api/admin/books')

export function updateBook(id: number, version: number, changes: Partial<BookFields>): Promise<AdminBook> {
  return apiFetch<AdminBook>(`/api/admin/books/${id}`, { method: 'PATCH', json: { version, ...changes } })
}

/** A saved book: the editor's copy is the saved one, and every list is read again. */
function useSaved() {
  const queryClient = useQueryClient()
  return (book: AdminBook) => {
    queryClient.setQueryData(adminBookQueryOptions(book.id).queryKey, book)
    void queryClient.invalidateQueries({ queryKey: [...adminBooksKey(), 'list'] })
    void queryClient.invalidateQueries({ queryKey: userKey('admin', 'categories') })
  }
}

export function useCreateBook() {
  const saved = useSaved()
  return useMutation({ mutationFn: (fields: BookFields) => createBook(fields), onSuccess: saved })
}

export function useUpdateBook() {
  const saved = useSaved()
  return useMutation({
    mutationFn: ({ id, version, changes }: { id: number; version: number; changes: Partial<BookFields> }) => updateBook(id, version, changes),
    onSuccess: saved,
  })
}

/** Archive: the book leaves the shop (its page answers 404) and stays in the back office. */
export function useArchiveBook() {
  const saved = useSaved()
  return useMutation({ mutationFn: (book: AdminBook) => updateBook(book.id, book.version, { status: 'archived' }), onSuccess: saved })
}

const duplicateKeys = idempotencyKeys()

/** POST /api/admin/books/{id}/duplicate: a draft copy, made once however often the button is pressed. */
export async function duplicateBook(id: number): Promise<AdminBook> {
  const copy = await apiFetch<AdminBook>(`/api/admin/books/${id}/duplicate`, { method: 'POST', headers: { 'Idempotency-Key': duplicateKeys.key({ id }) } })
  duplicateKeys.succeeded()
  return copy
}

export function useDuplicateBook() {
  const saved = useSaved()
  return useMutation({ mutationFn: (book: AdminBook) => duplicateBook(book.id), onSuccess: saved })
}
