import { Page } from '@/components/ui/page'
import { About } from '@/features/content/about'

export default function AboutPage() {
  return (
    <Page title="About Us" intro="The little shop behind Siso & Friends, and the big idea that started it.">
      <About />
    </Page>
  )
}
