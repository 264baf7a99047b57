package account

import (
	"context"
	"time"
)

// Communications is the parent's communication preference (spec 02 §3).
type Communications struct {
	Subscribed bool       `json:"subscribed"`
	UpdatedAt  *time.Time `json:"updated_at"` // nil: never chosen, the default applies
	// Status is the newsletter's state of the parent's address (pending,
	// subscribed, unsubscribed, suppressed; "" when it never signed up),
	// when the switch is the newsletter's subscription.
	Status string `json:"status,omitempty"`
}

// Newsletter is the newsletter's subscription of the account's address,
// which the Communications switch is (issue 39): on means subscribed, and
// turning it on for the signed-in parent's own, confirmed address needs no
// confirmation e-mail.
type Newsletter interface {
	Preference(ctx context.Context, email string) (Communications, error)
	SetPreference(ctx context.Context, userID, email string, on bool) (Communications, error)
}

// communications is the parent's switch: the newsletter's state of their
// address.
func (s *Service) communications(ctx context.Context, email string) (Communications, error) {
	return s.newsletter.Preference(ctx, email)
}
