package mail

import (
	"net/mail"
	"strings"
)

// MaxAddressLength is the longest address SMTP allows.
const MaxAddressLength = 254

// ValidEmail reports whether s is one plain e-mail address, as the shop
// accepts it everywhere (sign-up, checkout, newsletter, contact form): no
// display name, no surrounding spaces, at most 254 bytes, and a dotted
// domain, much like a browser's type="email" field. Callers trim, lower-case
// and word their own messages.
func ValidEmail(s string) bool {
	if s == "" || len(s) > MaxAddressLength {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	return at > 0 && strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}
