import { useParams } from 'react-router'
import { BlogArticle } from '@/features/blog/components/blog-article'
import { postIdFromParam } from '@/features/blog/post-id'
import NotFoundPage from './not-found'

export default function BlogPostPage() {
  const { id } = useParams()
  return <BlogArticle id={postIdFromParam(id)} notFound={<NotFoundPage />} />
}
