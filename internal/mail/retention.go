package mail

import (
	"context"
	"fmt"
	"time"

	"bookshop/internal/db"
)

// InactiveAccount is the warning to a parent whose account has not been
// signed in to for the retention period (issue 30): it goes on DeleteOn
// unless they sign in before.
type InactiveAccount struct {
	Name      string // the parent's first name, or ""
	Months    int    // how long the account has not been used
	DeleteOn  string // the day it goes, e.g. "27 December 2026"
	SignInURL string
}

// InactiveAccountEmail builds the warning to to.
func InactiveAccountEmail(to string, a InactiveAccount) (Message, error) {
	return embedded.render("inactive_account", to, a)
}

// ForgetSentBodies empties the text and HTML of the e-mails delivered
// before cutoff (the retention schedule): the outbox keeps that a message
// went, not what it said. It returns how many it emptied; a second run
// empties none.
func ForgetSentBodies(ctx context.Context, q db.Querier, cutoff time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `UPDATE mail_outbox SET text_body = '', html_body = ''
		WHERE sent_at < ? AND (text_body <> '' OR html_body <> '')`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("mail: forget sent bodies: %w", err)
	}
	return res.RowsAffected()
}
