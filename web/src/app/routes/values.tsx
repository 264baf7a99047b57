import { Page } from '@/components/ui/page'
import { Values } from '@/features/content/values'

export default function ValuesPage() {
  return (
    <Page title="Our Values" intro="What we believe in, and the people who put it into every book.">
      <Values />
    </Page>
  )
}
