package account

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/idempotency"
)

// Kid is a parent's child (spec 02 §3 "Child / Kid").
type Kid struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	DateOfBirth string    `json:"date_of_birth"` // YYYY-MM-DD
	UpdatedAt   time.Time `json:"updated_at"`
}

// maxKidName caps a child's name; a parent has no need for more.
const maxKidName = 100

// ErrKidNotFound is returned for a child that does not exist or belongs to
// another parent: the two are indistinguishable on purpose.
var ErrKidNotFound = httpx.NotFound("Child")

// KidInput is what a parent sends to add or change a child.
type KidInput struct {
	Name        string `json:"name"`
	DateOfBirth string `json:"date_of_birth"`
}

// validate returns the trimmed input, or a 400 naming the bad fields
// (spec 02 §5 "Child add and edit": a non-blank name and a date of birth
// not later than today).
func (in KidInput) validate(now time.Time) (KidInput, error) {
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
	dob, msg := parseBirthDate(in.DateOfBirth, now)
	if msg != "" {
		fields["date_of_birth"] = msg
	}
	if len(fields) > 0 {
		return KidInput{}, httpx.Invalid("Please check the highlighted fields.", fields)
	}
	return KidInput{Name: name, DateOfBirth: dob}, nil
}

// Kid returns one of the parent's children, or ErrKidNotFound. Other
// features (Dream Maker) use it to read a child the caller chose.
func (s *Service) Kid(ctx context.Context, userID, kidID string) (Kid, error) {
	return kidOf(ctx, s.db, userID, kidID)
}

// addKid stores a new child of the parent.
func (s *Service) addKid(ctx context.Context, userID string, in KidInput) (Kid, error) {
	now := s.clock()
	in, err := in.validate(now)
	if err != nil {
		return Kid{}, err
	}
	k := Kid{ID: uuid.NewString(), Name: in.Name, DateOfBirth: in.DateOfBirth, UpdatedAt: now}
	if err := insertKid(ctx, s.db, userID, k); err != nil {
		return Kid{}, err
	}
	return k, nil
}

// KidPatch is a change to a child: a field left out keeps its value.
type KidPatch struct {
	Name        *string `json:"name"`
	DateOfBirth *string `json:"date_of_birth"`
}

// changeKid changes a child of the parent; another parent's child is not found.
func (s *Service) changeKid(ctx context.Context, userID, kidID string, p KidPatch) (Kid, error) {
	current, err := kidOf(ctx, s.db, userID, kidID)
	if err != nil {
		return Kid{}, err
	}
	in := KidInput{Name: current.Name, DateOfBirth: current.DateOfBirth}
	if p.Name != nil {
		in.Name = *p.Name
	}
	if p.DateOfBirth != nil {
		in.DateOfBirth = *p.DateOfBirth
	}
	now := s.clock()
	if in, err = in.validate(now); err != nil {
		return Kid{}, err
	}
	k := Kid{ID: kidID, Name: in.Name, DateOfBirth: in.DateOfBirth, UpdatedAt: now}
	if err := updateKid(ctx, s.db, userID, k); err != nil {
		return Kid{}, err
	}
	return k, nil
}

// removeKid deletes a child of the parent, and with it the responses
// recorded for Idempotency-Keys that name it (its creation, its dreams).
func (s *Service) removeKid(ctx context.Context, userID, kidID string) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := deleteKid(ctx, tx, userID, kidID); err != nil {
			return err
		}
		return idempotency.ForgetResponses(ctx, tx, userID, kidID)
	})
}
