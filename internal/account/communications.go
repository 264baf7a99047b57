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

// UseNewsletter makes the Communications switch the newsletter's
// subscription; without it the switch is kept in user_communications alone.
func (s *Service) UseNewsletter(n Newsletter) { s.newsletter = n }

// communications is the parent's switch: the newsletter's state of their
// address when there is a newsletter, else the stored preference.
func (s *Service) communications(ctx context.Context, userID, email string) (Communications, error) {
	if s.newsletter != nil {
		return s.newsletter.Preference(ctx, email)
	}
	return communicationsOf(ctx, s.db, userID)
}
