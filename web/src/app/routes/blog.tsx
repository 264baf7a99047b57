import { Page } from '@/components/ui/page'

export default function BlogPage() {
  return <Page title="Blog" />
}
