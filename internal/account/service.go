// Package account is the parent's account area beyond sign-in (spec 02 §2-§5):
// children, the devices seen at sign-in, the communication preference, and
// the parent's own data (export and account deletion). Who is calling comes
// from auth.RequireUser; the account itself is reached through Accounts, and
// what other features keep about the parent through the one list of
// internal/personal's holders the server hands in.
package account

import (
	"time"

	"bookshop/internal/db"
	"bookshop/internal/personal"
)

// Service is the account area: its handlers (http.go, data.go) and rules;
// its SQL is in store.go.
type Service struct {
	db         *db.DB
	clock      func() time.Time
	accounts   Accounts
	newsletter Newsletter
	holders    personal.Holders
}

// Parts are what the account area needs beyond its own tables.
type Parts struct {
	Accounts Accounts // the account itself: profile, the owner's proof
	// Newsletter is the subscription the Communications switch is.
	Newsletter Newsletter
	// Holders are every feature's personal data (internal/personal): the
	// parent's export and the account's deletion loop over them.
	Holders personal.Holders
}

// New builds the service; now is the clock (nil: time.Now).
func New(d *db.DB, now func() time.Time, p Parts) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, clock: func() time.Time { return now().UTC() },
		accounts: p.Accounts, newsletter: p.Newsletter, holders: p.Holders}
}
