package account

import "time"

// Communications is the parent's communication preference (spec 02 §3).
type Communications struct {
	Subscribed bool       `json:"subscribed"`
	UpdatedAt  *time.Time `json:"updated_at"` // nil: never chosen, the default applies
}
