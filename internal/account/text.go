package account

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// cleanText trims s and reports whether it is usable: at most max characters
// and no control characters (PostgreSQL refuses NUL bytes, and no name needs
// a line break).
func cleanText(s string, max int) (string, bool) {
	s = strings.TrimSpace(s)
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > max {
		return s, false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return s, false
		}
	}
	return s, true
}

// The forms count days and months in the reader's time zone, the server in
// UTC. So that the two never disagree near midnight at a boundary, the
// server takes "today" and "this month" as wherever on Earth they are now
// (UTC−12 to UTC+14): the latest in the furthest zone east, the earliest in
// the furthest west.
func latestLocal(now time.Time) time.Time   { return now.UTC().Add(14 * time.Hour) }
func earliestLocal(now time.Time) time.Time { return now.UTC().Add(-12 * time.Hour) }

// parseBirthDate accepts YYYY-MM-DD, not later than today (spec 02 §5) and
// not before 1900; it returns the date or the message for the field.
func parseBirthDate(v string, now time.Time) (string, string) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", "Date of birth is required"
	}
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return "", "Use the format YYYY-MM-DD"
	}
	if d.After(latestLocal(now)) {
		return "", "Date of birth cannot be in the future"
	}
	if d.Year() < 1900 {
		return "", "Date of birth is too far in the past"
	}
	return d.Format(time.DateOnly), ""
}

// maxChildYears is how long ago a child's birth month may be: the shop's
// books are for children (the web form's year list offers as many years).
const maxChildYears = 18

// parseBirthMonth accepts a child's birth month as YYYY-MM, not later than
// this month and at most maxChildYears ago (both in any time zone, as the
// form counts them); it returns the month or the message for the field.
func parseBirthMonth(v string, now time.Time) (string, string) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", "Birth month and year are required"
	}
	m, err := time.Parse("2006-01", v)
	if err != nil {
		return "", "Use the format YYYY-MM, e.g. 2021-03"
	}
	if m.After(latestLocal(now)) {
		return "", "The birth month cannot be in the future"
	}
	if earliest := earliestLocal(now); m.Before(time.Date(earliest.Year()-maxChildYears, earliest.Month(), 1, 0, 0, 0, 0, time.UTC)) {
		return "", fmt.Sprintf("The birth month must be within the last %d years", maxChildYears)
	}
	return m.Format("2006-01"), ""
}
