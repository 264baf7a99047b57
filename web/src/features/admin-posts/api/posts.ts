import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { idempotentPost } from '@/lib/idempotency'
import { userKey } from '@/lib/user-data'
import type { AdminPost, ListedPost, PostFields } from '../types'

// The back office's posts (internal/posts). Keys are the staff member's
// (userKey): signing out drops them.

export const adminPostsQueryOptions = () =>
  queryOptions({
    queryKey: userKey('admin', 'posts'),
    queryFn: async () => (await apiFetch<{ posts: ListedPost[] }>('/api/admin/posts')).posts,
    staleTime: 0,
  })

/** Every post, drafts too, newest first. */
export function useAdminPosts() {
  return useQuery(adminPostsQueryOptions())
}

export const adminPostQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKey('admin', 'posts', id), queryFn: () => apiFetch<AdminPost>(`/api/admin/posts/${id}`), staleTime: 0 })

/** One post with its Markdown and version. */
export function useAdminPost(id: number) {
  return useQuery({ ...adminPostQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 })
}

/** After a save: the back office's lists and the blog's own responses are read again. */
function useRefreshPosts() {
  const queryClient = useQueryClient()
  return (saved: AdminPost) => {
    queryClient.setQueryData(adminPostQueryOptions(saved.id).queryKey, saved)
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: adminPostsQueryOptions().queryKey, exact: true }),
      queryClient.invalidateQueries({ queryKey: ['posts'] }),
      queryClient.invalidateQueries({ queryKey: userKey('admin', 'audit') }),
    ])
  }
}

const createPost = idempotentPost<AdminPost>('/api/admin/posts')

/** POST /api/admin/posts, with an Idempotency-Key: a double click makes one post. */
export function useCreatePost() {
  const refresh = useRefreshPosts()
  return useMutation({ mutationFn: (fields: Partial<PostFields>) => createPost(fields), onSuccess: refresh })
}

export type PostSave = { id: number; version: number; changes: Partial<PostFields> }

/** PATCH /api/admin/posts/{id}: the changed fields, based on the version the editor loaded (else 409). */
export function useUpdatePost() {
  const refresh = useRefreshPosts()
  return useMutation({
    mutationFn: ({ id, version, changes }: PostSave) => apiFetch<AdminPost>(`/api/admin/posts/${id}`, { method: 'PATCH', json: { version, ...changes } }),
    onSuccess: refresh,
  })
}

export type Preview = { html: string; readMinutes: number }

/**
 * The article as a visitor will see it: the server renders and sanitizes
 * the Markdown as a save does (POST /api/admin/posts/preview). While the
 * next preview comes, the last one stays on screen.
 */
export function usePreview(markdown: string, enabled: boolean) {
  return useQuery({
    queryKey: userKey('admin', 'posts', 'preview', markdown),
    queryFn: () => apiFetch<Preview>('/api/admin/posts/preview', { method: 'POST', json: { markdown } }),
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
  })
}

/** The pictures the server takes into a post. */
export const pictureTypes = ['image/jpeg', 'image/png', 'image/webp']

/**
 * POST /api/admin/posts/pictures with the picture as the body: the server
 * checks it, cleans it (no EXIF) and keeps it at a URL naming its content.
 */
export function uploadPostPicture(file: File): Promise<{ url: string }> {
  return apiFetch<{ url: string }>('/api/admin/posts/pictures', { method: 'POST', body: file, headers: { 'Content-Type': file.type } })
}

export function useUploadPostPicture() {
  return useMutation({ mutationFn: uploadPostPicture })
}
