export { AuthProvider, useAuth, type AuthUser, type AuthState } from './auth-provider'
export { initials } from './initials'
