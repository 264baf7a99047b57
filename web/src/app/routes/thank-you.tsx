import { ThankYou } from '@/features/checkout'

export default function ThankYouPage() {
  return <ThankYou />
}
