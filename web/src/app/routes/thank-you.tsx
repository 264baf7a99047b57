import { ThankYou } from '@/features/checkout/components/thank-you'

export default function ThankYouPage() {
  return <ThankYou />
}
