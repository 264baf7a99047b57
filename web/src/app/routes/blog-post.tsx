import { BlogArticle } from '@/features/content/blog-article'

export default function BlogPostPage() {
  return <BlogArticle />
}
