import { GoogleCallback } from '@/features/auth/components/auth-callbacks'

export default function GoogleCallbackPage() {
  return <GoogleCallback />
}
