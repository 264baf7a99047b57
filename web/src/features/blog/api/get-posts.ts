import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { PostSummary } from '../types'

export async function getPosts(): Promise<PostSummary[]> {
  return (await apiFetch<{ posts: PostSummary[] }>('/api/posts')).posts
}

export const postsQueryOptions = () => queryOptions({ queryKey: ['posts'], queryFn: getPosts })

/** The published posts, newest first. */
export function usePosts() {
  return useQuery(postsQueryOptions())
}
