import { EmailCallback } from '@/features/auth/components/auth-callbacks'

export default function EmailCallbackPage() {
  return <EmailCallback />
}
