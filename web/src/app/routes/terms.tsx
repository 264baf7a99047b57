import { Page } from '@/components/ui/page'

export default function TermsPage() {
  return <Page title="Terms of Service" />
}
