import { EmailConfirmed } from '@/features/auth/components/email-confirmed'

export default function EmailConfirmedPage() {
  return <EmailConfirmed />
}
