// Package account is the parent's account area beyond sign-in (spec 02 §2-§5):
// children, the devices seen at sign-in, the communication preference, and
// the parent's own data (export and account deletion). Who is calling comes
// from auth.RequireUser; what belongs to other features (the account itself,
// orders) is reached through the small interfaces declared here.
package account

import (
	"time"

	"bookshop/internal/db"
	"bookshop/internal/ratelimit"
)

// Service holds the account area's rules and its store.
type Service struct {
	db    *db.DB
	clock func() time.Time

	// The parent's own data (export and deletion), set by WithOwnerData.
	accounts Accounts
	orders   Orders
	limiter  *ratelimit.Limiter
}

// New builds the service.
func New(d *db.DB) *Service {
	return &Service{db: d, clock: func() time.Time { return time.Now().UTC() }}
}
