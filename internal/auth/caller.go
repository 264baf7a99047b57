// Package auth is the account service: a Supabase-Auth-compatible API under
// /auth/v1, sessions, profiles and the admin role. Other features learn who
// is calling through Caller.
package auth

import "context"

// Caller is the signed-in user behind a request, taken from a valid access
// token by the auth middleware.
type Caller struct {
	UserID    string
	Email     string
	SessionID string
	IsAdmin   bool
}

type callerKey struct{}

// WithCaller returns a context that carries c.
func WithCaller(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

// CallerFrom returns the signed-in user of the request, if any.
func CallerFrom(ctx context.Context) (Caller, bool) {
	c, ok := ctx.Value(callerKey{}).(Caller)
	return c, ok && c.UserID != ""
}
