import { UpdatePasswordScreen } from '@/features/auth/components/update-password-screen'

export default function UpdatePasswordPage() {
  return <UpdatePasswordScreen />
}
