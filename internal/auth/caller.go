// Package auth is the small identity kernel every feature reads: who is
// calling (Caller, filled in by the account service's middleware,
// internal/gotrue), RequireUser, the staff roles and what each may do, and
// the few facts features read of accounts (lookup.go). It imports nothing
// of the account service, which only internal/server imports.
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
	// Role is the profile's role: RoleUser for a customer, or a staff role.
	Role Role
	// AAL is the session's assurance level: "aal1" after a password, a link
	// or Google, "aal2" once a second factor was passed in this session.
	AAL string
	// HasVerifiedFactor tells that the user turned on two-step sign-in, so
	// their data needs an aal2 session.
	HasVerifiedFactor bool
}

// needsSecondStep tells that the caller signed in with the first step only
// although their account has two-step sign-in on.
func (c Caller) needsSecondStep() bool { return c.HasVerifiedFactor && c.AAL != "aal2" }

// errInsufficientAAL is the /api response to a caller who has not finished
// two-step sign-in.
var errInsufficientAAL = httpx.Errorf(httpx.CodeInsufficientAAL,
	"Please finish signing in: enter the 6-digit code from your authenticator app first.")

// CheckSecondStep is the two-step rule for routes that also serve
// anonymous callers (the payment function): nil for an anonymous caller or
// a complete sign-in, and the 403 of RequireUser for a caller who has only
// passed the first step.
func CheckSecondStep(ctx context.Context) error {
	if c, ok := CallerFrom(ctx); ok && c.needsSecondStep() {
		return errInsufficientAAL
	}
	return nil
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
// signed-in caller, or the error to respond with. Features call it instead of
// reading the context themselves, so a rule added here holds for every such
// route at once. The two-step rule is one: a user with a verified factor
// who signed in with the first step only (aal1) gets 403 insufficient_aal.
func RequireUser(ctx context.Context) (Caller, error) {
	c, ok := CallerFrom(ctx)
	if !ok {
		return Caller{}, httpx.Errorf(httpx.CodeUnauthorized, "No user logged in")
	}
	if c.needsSecondStep() {
		return Caller{}, errInsufficientAAL
	}
	return c, nil
}
