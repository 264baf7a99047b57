import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { idempotentPost } from '@/lib/idempotency'
import { userKey } from '@/lib/user-data'
import type { AdminCategory } from '../types'

// The back office's categories (GET/POST /api/admin/categories, PATCH
// /api/admin/categories/{id}), in display order with their real counts.

const categoriesKey = () => userKey('admin', 'categories')

export async function getAdminCategories(): Promise<AdminCategory[]> {
  return (await apiFetch<{ categories: AdminCategory[] }>('/api/admin/categories')).categories
}

export const adminCategoriesQueryOptions = () => queryOptions({ queryKey: categoriesKey(), queryFn: getAdminCategories, staleTime: 0 })

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions())
}

export type NewCategory = Pick<AdminCategory, 'id' | 'name' | 'description' | 'position'>
export type CategoryChanges = Partial<Pick<AdminCategory, 'name' | 'description' | 'position'>>

const postCategory = idempotentPost<AdminCategory>('/api/admin/categories')

export function useCreateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (category: NewCategory) => postCategory(category),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey() }),
  })
}

export function useUpdateCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, version, changes }: { id: string; version: number; changes: CategoryChanges }) =>
      apiFetch<AdminCategory>(`/api/admin/categories/${encodeURIComponent(id)}`, { method: 'PATCH', json: { version, ...changes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey() }),
  })
}
