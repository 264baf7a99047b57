package account

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Kid is a parent's child (spec 02 §3 "Child / Kid"), kept to what the
// features need (issue 30): what Dream Maker calls them and the month they
// were born, from which their age is told.
type Kid struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`        // a first name or nickname
	BirthMonth string    `json:"birth_month"` // YYYY-MM: the age needs no day
	UpdatedAt  time.Time `json:"updated_at"`
}

// maxKidName caps a child's name; a parent has no need for more.
const maxKidName = 100

// ErrKidNotFound is returned for a child that does not exist or belongs to
// another parent: the two are indistinguishable on purpose.
var ErrKidNotFound = httpx.NotFound("Child")

// KidInput is what a parent sends to add or change a child.
type KidInput struct {
	Name       string `json:"name"`
	BirthMonth string `json:"birth_month"`
}

// validate returns the trimmed input, or a 400 naming the bad fields
// (spec 02 §5 "Child add and edit": a non-blank name and a birth month
// not later than this month). A stored month an edit leaves as it is
// (keptMonth) is not checked again: the child may have grown past the age
// limit since.
func (in KidInput) validate(now time.Time, keptMonth bool) (KidInput, error) {
	fields := map[string]string{}
	name, ok := cleanText(in.Name, maxKidName)
	switch {
	case name == "":
		fields["name"] = "Name is required"
	case !ok:
		fields["name"] = fmt.Sprintf("Name must be at most %d characters, without control characters", maxKidName)
	case !httpx.HasVisibleLetter(name):
		// Zero-width characters alone would show as a blank name.
		fields["name"] = "Name must contain a letter"
	}
	month, msg := in.BirthMonth, ""
	if !keptMonth {
		month, msg = parseBirthMonth(in.BirthMonth, now)
	}
	if msg != "" {
		fields["birth_month"] = msg
	}
	if len(fields) > 0 {
		return KidInput{}, httpx.Invalid("Please check the highlighted fields.", fields)
	}
	return KidInput{Name: name, BirthMonth: month}, nil
}

// Kid returns one of the parent's children, or ErrKidNotFound. Other
// features (Dream Maker) use it to read a child the caller chose.
func (s *Service) Kid(ctx context.Context, userID, kidID string) (Kid, error) {
	return kidOf(ctx, s.db, userID, kidID)
}

// addKid stores a new child of the parent, once the parent's consent to
// the current children's privacy notice is in the ledger: the API refuses
// the child without it, whatever the screen did.
func (s *Service) addKid(ctx context.Context, userID string, in KidInput) (Kid, error) {
	now := s.clock()
	in, err := in.validate(now, false)
	if err != nil {
		return Kid{}, err
	}
	k := Kid{ID: uuid.NewString(), Name: in.Name, BirthMonth: in.BirthMonth, UpdatedAt: now}
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		consented, err := hasCurrentConsent(ctx, tx, userID)
		if err != nil {
			return err
		}
		if !consented {
			return errConsentRequired
		}
		return insertKid(ctx, tx, userID, k)
	})
	if err != nil {
		return Kid{}, err
	}
	return k, nil
}

// KidPatch is a change to a child: a field left out keeps its value.
type KidPatch struct {
	Name       *string `json:"name"`
	BirthMonth *string `json:"birth_month"`
}

// changeKid changes a child of the parent; another parent's child is not found.
func (s *Service) changeKid(ctx context.Context, userID, kidID string, p KidPatch) (Kid, error) {
	current, err := kidOf(ctx, s.db, userID, kidID)
	if err != nil {
		return Kid{}, err
	}
	in := KidInput{Name: current.Name, BirthMonth: current.BirthMonth}
	if p.Name != nil {
		in.Name = *p.Name
	}
	if p.BirthMonth != nil {
		in.BirthMonth = *p.BirthMonth
	}
	now := s.clock()
	// The edit form sends the month it was given back as it is.
	kept := p.BirthMonth == nil || strings.TrimSpace(*p.BirthMonth) == current.BirthMonth
	if in, err = in.validate(now, kept); err != nil {
		return Kid{}, err
	}
	k := Kid{ID: kidID, Name: in.Name, BirthMonth: in.BirthMonth, UpdatedAt: now}
	if err := updateKid(ctx, s.db, userID, k); err != nil {
		return Kid{}, err
	}
	return k, nil
}

// removeKid deletes a child of the parent, and with it the responses
// recorded for Idempotency-Keys that name it (its creation, its dreams).
func (s *Service) removeKid(ctx context.Context, userID, kidID string) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error { return s.forgetKid(ctx, tx, userID, kidID) })
}
