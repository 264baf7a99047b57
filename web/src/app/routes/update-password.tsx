import { UpdatePasswordScreen } from '@/features/auth'

export default function UpdatePasswordPage() {
  return <UpdatePasswordScreen />
}
