import { createContext, useContext, type ReactNode } from 'react'

/**
 * Placeholder session until the accounts feature lands: everyone is signed
 * out. The accounts feature replaces this with the real @supabase/auth-js
 * session; the shape below is what the rest of the app relies on.
 */
export type AuthUser = { id: string; email: string; firstName?: string; lastName?: string }

export type AuthState = {
  user: AuthUser | null
  loading: boolean
  isAdmin: boolean
  signOut: () => Promise<void>
}

const AuthContext = createContext<AuthState | null>(null)

export function AuthProvider({ children }: { children: ReactNode }) {
  const value: AuthState = { user: null, loading: false, isAdmin: false, signOut: async () => {} }
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider')
  return ctx
}
