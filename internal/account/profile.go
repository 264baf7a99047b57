// The parent's profile (spec 02 §3): GET and PATCH /api/profile. The
// account service (auth) keeps the profile beside the account, makes it at
// sign-up and keeps its address, status, role and last sign-in; here are
// the rules of what the parent may change.

package account

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"bookshop/internal/httpx"
)

// ProfileUpdate is a checked change of the profile: a nil field is left as
// is, and an empty date of birth clears it.
type ProfileUpdate struct {
	FirstName, LastName, Country, Language, DateOfBirth *string
}

// GetProfile handles GET /api/profile: the caller's own profile.
func (s *Service) GetProfile(w http.ResponseWriter, r *http.Request) error {
	userID, err := s.caller(r)
	if err != nil {
		return err
	}
	p, err := s.accounts.Profile(r.Context(), userID)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, p)
}

// profilePatch is the body of PATCH /api/profile.
type profilePatch struct {
	FirstName   *string `json:"first_name"`
	LastName    *string `json:"last_name"`
	Country     *string `json:"country"`
	Language    *string `json:"language"`
	DateOfBirth *string `json:"date_of_birth"`
}

// UpdateProfile handles PATCH /api/profile, responding with the updated profile.
func (s *Service) UpdateProfile(w http.ResponseWriter, r *http.Request) error {
	userID, err := s.caller(r)
	if err != nil {
		return err
	}
	var in profilePatch
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	u, err := in.check(s.clock())
	if err != nil {
		return err
	}
	if err := s.accounts.UpdateProfile(r.Context(), userID, u); err != nil {
		return err
	}
	return s.GetProfile(w, r)
}

// Codes, not names: the app names them in the reader's language (spec 02 §3).
var (
	countryCode  = regexp.MustCompile(`^[A-Z]{2}$`)
	languageCode = regexp.MustCompile(`^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$`)
)

// check returns the change the patch asks for, trimmed, or a 400 with a
// message for each field that is wrong.
func (p profilePatch) check(now time.Time) (ProfileUpdate, error) {
	fields := map[string]string{}
	text := func(field string, v *string, max int, rule func(string) string) *string {
		if v == nil {
			return nil
		}
		t := strings.TrimSpace(*v)
		msg := ""
		switch {
		case utf8.RuneCountInString(t) > max:
			msg = fmt.Sprintf("Must be at most %d characters", max)
		case strings.IndexFunc(t, unicode.IsControl) >= 0 || !utf8.ValidString(t):
			msg = "Must not contain control characters"
		case t != "":
			msg = rule(t)
		}
		if msg != "" {
			fields[field] = msg
			return nil
		}
		return &t
	}
	name := func(t string) string {
		if !httpx.HasVisibleLetter(t) {
			return "Must contain a letter"
		}
		return ""
	}
	matches := func(pattern *regexp.Regexp, msg string) func(string) string {
		return func(t string) string {
			if !pattern.MatchString(t) {
				return msg
			}
			return ""
		}
	}
	birthDate := func(t string) string {
		_, msg := parseBirthDate(t, now)
		return msg
	}
	u := ProfileUpdate{
		FirstName:   text("first_name", p.FirstName, 100, name),
		LastName:    text("last_name", p.LastName, 100, name),
		Country:     text("country", p.Country, 100, matches(countryCode, "Use an ISO 3166 country code, e.g. US")),
		Language:    text("language", p.Language, 20, matches(languageCode, "Use an ISO 639 language code, e.g. en")),
		DateOfBirth: text("date_of_birth", p.DateOfBirth, 100, birthDate),
	}
	if len(fields) > 0 {
		return ProfileUpdate{}, httpx.Invalid("Please check the highlighted fields.", fields)
	}
	return u, nil
}
