import { EmailConfirmed } from '@/features/auth'

export default function EmailConfirmedPage() {
  return <EmailConfirmed />
}
