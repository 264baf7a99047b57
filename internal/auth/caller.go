// Package auth is the account service: a Supabase-Auth-compatible API under
// /auth/v1, sessions, profiles and the admin role. Other features learn who
// is calling through Caller.
package auth

import (
	"context"

	"bookshop/internal/httpx"
)

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

// RequireUser is the one gate of every /api route about the caller's own
// data (profile, kids, devices, preferences, orders, dreams): it returns the
// signed-in caller, or the error to answer. Features call it instead of
// reading the context themselves, so a rule added here (the two-step
// sign-in level, for one) holds for every such route at once.
func RequireUser(ctx context.Context) (Caller, error) {
	c, ok := CallerFrom(ctx)
	if !ok {
		return Caller{}, httpx.Errorf(httpx.CodeUnauthorized, "No user logged in")
	}
	return c, nil
}

// RequireAdmin is RequireUser for the admin's routes: a signed-in caller
// without the admin role gets 403.
func RequireAdmin(ctx context.Context) (Caller, error) {
	c, err := RequireUser(ctx)
	if err != nil {
		return c, err
	}
	if !c.IsAdmin {
		return c, httpx.Errorf(httpx.CodeForbidden, "Access Denied")
	}
	return c, nil
}
