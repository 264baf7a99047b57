import { Page } from '@/components/ui/page'

export default function BlogPostPage() {
  return <Page title="Blog Post" />
}
