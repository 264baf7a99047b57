// Package account is the parent's account area beyond sign-in (spec 02 §2-§5):
// children, the devices seen at sign-in, the communication preference, and
// the parent's own data (export and account deletion). Who is calling comes
// from auth.RequireUser; what belongs to other features (the account itself,
// orders, dreams, the newsletter, contact messages) is reached through the
// small interfaces declared in data.go.
package account

import (
	"time"

	"bookshop/internal/db"
)

// Service is the account area: its handlers (http.go, data.go) and rules;
// its SQL is in store.go.
type Service struct {
	db    *db.DB
	clock func() time.Time
	owner *OwnerData // nil until WithOwnerData: no export or deletion
	// newsletter is the subscription the Communications switch is; nil:
	// the switch is only stored (UseNewsletter).
	newsletter Newsletter
}

// New builds the service; now is the clock (nil: time.Now).
func New(d *db.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, clock: func() time.Time { return now().UTC() }}
}
