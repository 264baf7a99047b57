import { BlogArticle } from '@/features/content'

export default function BlogPostPage() {
  return <BlogArticle />
}
