package account

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

func TestKidsBelongToTheirParent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := New(d, nil, Parts{})
		fixedClock(s, "2026-11-23")
		parent, other := newUser(t, d), newUser(t, d)
		consent(t, d, parent)

		k, err := s.addKid(ctx, parent, KidInput{Name: "  Mia  ", BirthMonth: "2021-08"})
		if err != nil {
			t.Fatalf("add: %v", err)
		}
		if k.Name != "Mia" || k.BirthMonth != "2021-08" || k.ID == "" {
			t.Fatalf("added %+v, want trimmed name and the month", k)
		}
		if kids, _ := listKids(ctx, d, other); len(kids) != 0 {
			t.Fatalf("another parent sees %d children", len(kids))
		}
		if _, err := s.Kid(ctx, other, k.ID); !errors.Is(err, ErrKidNotFound) {
			t.Fatalf("another parent reads the child: %v", err)
		}
		name := "Mila"
		if _, err := s.changeKid(ctx, other, k.ID, KidPatch{Name: &name}); !errors.Is(err, ErrKidNotFound) {
			t.Fatalf("another parent renames the child: %v", err)
		}
		if err := deleteKid(ctx, d, other, k.ID); !errors.Is(err, ErrKidNotFound) {
			t.Fatalf("another parent removes the child: %v", err)
		}

		changed, err := s.changeKid(ctx, parent, k.ID, KidPatch{Name: &name})
		if err != nil || changed.Name != "Mila" || changed.BirthMonth != "2021-08" {
			t.Fatalf("rename: %+v %v (the birth month must stay)", changed, err)
		}
		if got, _ := s.Kid(ctx, parent, k.ID); got.Name != "Mila" {
			t.Fatalf("stored name %q", got.Name)
		}
		if err := deleteKid(ctx, d, parent, k.ID); err != nil {
			t.Fatalf("remove: %v", err)
		}
		if kids, _ := listKids(ctx, d, parent); len(kids) != 0 {
			t.Fatalf("%d children after removing the only one", len(kids))
		}
		if _, err := s.Kid(ctx, parent, "not-a-uuid"); !errors.Is(err, ErrKidNotFound) {
			t.Fatalf("malformed id: %v", err)
		}
	})
}

const tooOld = "The birth month must be within the last 18 years"

func TestKidInputRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := New(d, nil, Parts{})
		fixedClock(s, "2026-11-23")
		parent := newUser(t, d)
		consent(t, d, parent)
		cases := []struct {
			name, in, month, field, want string
		}{
			{"blank name", "   ", "2020-01", "name", "Name is required"},
			{"name too long", strings.Repeat("a", 101), "2020-01", "name", "Name must be at most 100 characters, without control characters"},
			{"NUL byte", "Mi\x00a", "2020-01", "name", "Name must be at most 100 characters, without control characters"},
			{"no month", "Mia", "", "birth_month", "Birth month and year are required"},
			{"a whole date", "Mia", "2020-11-23", "birth_month", "Use the format YYYY-MM, e.g. 2021-03"},
			{"bad month", "Mia", "2020-13", "birth_month", "Use the format YYYY-MM, e.g. 2021-03"},
			{"next month", "Mia", "2026-12", "birth_month", "The birth month cannot be in the future"},
			{"1900", "Mia", "1900-01", "birth_month", tooOld},
			{"18 years and a month ago", "Mia", "2008-10", "birth_month", tooOld},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				_, err := s.addKid(context.Background(), parent, KidInput{Name: c.in, BirthMonth: c.month})
				if got := fieldError(t, err, c.field); got != c.want {
					t.Fatalf("%s: %q, want %q", c.field, got, c.want)
				}
			})
		}
		if _, err := s.addKid(context.Background(), parent, KidInput{Name: "Born today", BirthMonth: "2026-11"}); err != nil {
			t.Fatalf("a child born this month is refused: %v", err)
		}
		mia, err := s.addKid(context.Background(), parent, KidInput{Name: "Mia", BirthMonth: "2008-11"})
		if err != nil {
			t.Fatalf("a child born 18 years ago this month is refused: %v", err)
		}
		// Years later, the grown-up child can still be renamed; only a month
		// changed is checked.
		fixedClock(s, "2030-01-10")
		if _, err := s.changeKid(context.Background(), parent, mia.ID, KidPatch{Name: new("Mia Grown")}); err != nil {
			t.Fatalf("a stored child older than 18 cannot be renamed: %v", err)
		}
		if _, err := s.changeKid(context.Background(), parent, mia.ID, KidPatch{Name: new("Mia"), BirthMonth: new("2008-11")}); err != nil {
			t.Fatalf("the edit form's save with the stored month is refused: %v", err)
		}
		changed := func() error {
			_, err := s.changeKid(context.Background(), parent, mia.ID, KidPatch{BirthMonth: new("2008-12")})
			return err
		}
		if got := fieldError(t, changed(), "birth_month"); got != tooOld {
			t.Fatalf("another month more than 18 years ago: %q", got)
		}
	})
}

// The web form counts the month in the parent's time zone: near midnight at
// a month's end, the server accepts the months of every zone on Earth, so
// it never refuses what the form allowed.
func TestBirthMonthLimitsHoldInEveryTimeZone(t *testing.T) {
	at := func(s string) time.Time {
		tm, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	cases := []struct {
		name, now, month, want string
	}{
		// 1 December 01:00 UTC: still November in New York (UTC−5).
		{"the oldest month west of UTC", "2026-12-01T01:00:00Z", "2008-11", ""},
		{"this month in UTC", "2026-12-01T01:00:00Z", "2026-12", ""},
		// 30 November 22:00 UTC: already December in Tokyo (UTC+9).
		{"this month east of UTC", "2026-11-30T22:00:00Z", "2026-12", ""},
		{"the oldest month in UTC", "2026-11-30T22:00:00Z", "2008-11", ""},
		// No zone is in another month any more, or yet.
		{"a month past everywhere", "2026-12-01T13:00:00Z", "2008-11", tooOld},
		{"a month to come everywhere", "2026-11-30T09:00:00Z", "2026-12", "The birth month cannot be in the future"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, msg := parseBirthMonth(c.month, at(c.now)); msg != c.want {
				t.Fatalf("%s at %s: %q, want %q", c.month, c.now, msg, c.want)
			}
		})
	}
	// The parent's own date of birth: today in Kiritimati (UTC+14) is not in the future.
	if _, msg := parseBirthDate("2026-12-01", at("2026-11-30T10:30:00Z")); msg != "" {
		t.Fatalf("today east of UTC is refused: %q", msg)
	}
	if _, msg := parseBirthDate("2026-12-01", at("2026-11-30T09:00:00Z")); msg == "" {
		t.Fatal("a day to come everywhere is accepted")
	}
}
