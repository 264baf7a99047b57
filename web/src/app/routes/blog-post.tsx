import { BlogArticle } from '@/features/content/blog'

export default function BlogPostPage() {
  return <BlogArticle />
}
