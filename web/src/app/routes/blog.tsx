import { Page } from '@/components/ui/page'
import { BlogList } from '@/features/content/blog'

export default function BlogPage() {
  return (
    <Page title="Blog" intro="Reading tips, playful activities and news from the Siso & Friends team.">
      <BlogList />
    </Page>
  )
}
