// What every page needs: the session provider, its hook and the initials rule.
// Screens (login, sign-up, callbacks...) are imported by their routes directly
// from components/, so their forms and validation stay out of the main bundle.
export { AuthProvider, useAuth, type AuthUser, type AuthState, type SignOutOptions } from './auth-provider'
export { initials } from './initials'
export type { Profile } from './api/profile'
