import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Category } from '../types'

export function getCategories(): Promise<Category[]> {
  return apiFetch<Category[]>('/api/categories')
}

export const categoriesQueryOptions = () => queryOptions({ queryKey: ['categories'], queryFn: getCategories })

export function useCategories() {
  return useQuery(categoriesQueryOptions())
}
