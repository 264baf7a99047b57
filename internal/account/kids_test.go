package account

import (
	"context"
	"errors"
	"strings"
	"testing"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

func TestKidsBelongToTheirParent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := New(d, nil)
		fixedClock(s, "2026-11-23")
		parent, other := newUser(t, d), newUser(t, d)

		k, err := s.addKid(ctx, parent, KidInput{Name: "  Mia  ", DateOfBirth: "2021-08-10"})
		if err != nil {
			t.Fatalf("add: %v", err)
		}
		if k.Name != "Mia" || k.DateOfBirth != "2021-08-10" || k.ID == "" {
			t.Fatalf("added %+v, want trimmed name and the date", k)
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
		if err != nil || changed.Name != "Mila" || changed.DateOfBirth != "2021-08-10" {
			t.Fatalf("rename: %+v %v (the date of birth must stay)", changed, err)
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

func TestKidInputRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := New(d, nil)
		fixedClock(s, "2026-11-23")
		parent := newUser(t, d)
		cases := []struct {
			name, in, dob, field, want string
		}{
			{"blank name", "   ", "2020-01-01", "name", "Name is required"},
			{"name too long", strings.Repeat("a", 101), "2020-01-01", "name", "Name must be at most 100 characters, without control characters"},
			{"NUL byte", "Mi\x00a", "2020-01-01", "name", "Name must be at most 100 characters, without control characters"},
			{"no date", "Mia", "", "date_of_birth", "Date of birth is required"},
			{"bad date", "Mia", "23/11/2020", "date_of_birth", "Use the format YYYY-MM-DD"},
			{"tomorrow", "Mia", "2026-11-24", "date_of_birth", "Date of birth cannot be in the future"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				_, err := s.addKid(context.Background(), parent, KidInput{Name: c.in, DateOfBirth: c.dob})
				if got := fieldError(t, err, c.field); got != c.want {
					t.Fatalf("%s: %q, want %q", c.field, got, c.want)
				}
			})
		}
		if _, err := s.addKid(context.Background(), parent, KidInput{Name: "Born today", DateOfBirth: "2026-11-23"}); err != nil {
			t.Fatalf("a child born today is refused: %v", err)
		}
	})
}
