import { Page } from '@/components/ui/page'
import { BlogList } from '@/features/blog/components/blog-list'

export default function BlogPage() {
  return (
    <Page title="Blog" intro="Reading tips, playful activities and news from the Siso & Friends team.">
      <BlogList />
    </Page>
  )
}
