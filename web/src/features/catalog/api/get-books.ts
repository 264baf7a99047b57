import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Book } from '../types'

export function getBooks(): Promise<Book[]> {
  return apiFetch<Book[]>('/api/books')
}

export const booksQueryOptions = () => queryOptions({ queryKey: ['books'], queryFn: getBooks })

export function useBooks() {
  return useQuery(booksQueryOptions())
}
