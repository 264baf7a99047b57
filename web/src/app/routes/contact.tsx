import { Page } from '@/components/ui/page'

export default function ContactPage() {
  return <Page title="Contact Us" />
}
