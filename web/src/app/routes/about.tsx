import { Page } from '@/components/ui/page'

export default function AboutPage() {
  return <Page title="About Us" />
}
