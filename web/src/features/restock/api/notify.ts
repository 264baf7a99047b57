import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { userKey } from '@/lib/user-data'

/** waiting: a signed-in parent's own address; check_inbox: an address to confirm by e-mail. */
export type Notified = { status: 'waiting' | 'check_inbox'; email: string }

/** "Tell me when it's back": no address needed when signed in. */
export function useNotifyWhenBack(bookId: number) {
  return useMutation({
    mutationFn: (email?: string) =>
      apiFetch<Notified>(`/api/books/${bookId}/notify`, { method: 'POST', json: email ? { email } : {} }),
  })
}

/** The confirmation e-mail's link: the address waits for the book. */
export function useConfirmAlert() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<{ status: string; bookId: number; title: string }>('/api/back-in-stock/confirm', { method: 'POST', json: { token } }),
  })
}

/** How many addresses wait for a book (the book editor's line). */
export function useWaitingCount(bookId: number) {
  return useQuery(
    queryOptions({
      queryKey: userKey('admin', 'books', bookId, 'waiting'),
      queryFn: () => apiFetch<{ waiting: number; pending: number }>(`/api/admin/books/${bookId}/waiting`),
      enabled: Number.isInteger(bookId) && bookId > 0,
    }),
  )
}
