import { GoogleCallback } from '@/features/auth'

export default function GoogleCallbackPage() {
  return <GoogleCallback />
}
