import { Page } from '@/components/ui/page'

export default function SignupPage() {
  return <Page title="Create an Account" />
}
