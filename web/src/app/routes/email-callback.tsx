import { EmailCallback } from '@/features/auth'

export default function EmailCallbackPage() {
  return <EmailCallback />
}
