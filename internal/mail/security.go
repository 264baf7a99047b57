package mail

import "time"

// NewSignIn is a sign-in from a device the account had never used.
type NewSignIn struct {
	At     time.Time
	Device string // "Chrome on macOS"
	Place  string // "France", or "" when unknown
	Link   string // signs that session out
}

// When is the time of the sign-in as the e-mail prints it.
func (n NewSignIn) When() string { return n.At.UTC().Format("Monday 2 January 2006, 15:04 UTC") }

// NewSignInEmail tells the owner of an account about a sign-in from a new
// device, with a link that signs that session out.
func NewSignInEmail(to string, n NewSignIn) (Message, error) {
	return embedded.render("new_sign_in", to, n)
}
