package account

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
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

// Kids lists the parent's children, oldest entry first.
func (s *Service) Kids(ctx context.Context, userID string) ([]Kid, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, date_of_birth, updated_at FROM kids
		WHERE user_id = ? ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("list kids: %w", err)
	}
	defer rows.Close()
	kids := []Kid{}
	for rows.Next() {
		var k Kid
		if err := rows.Scan(&k.ID, &k.Name, &k.DateOfBirth, &k.UpdatedAt); err != nil {
			return nil, err
		}
		kids = append(kids, k)
	}
	return kids, rows.Err()
}

// Kid returns one of the parent's children, or ErrKidNotFound. Other
// features (Dream Maker) use it to read a child the caller chose.
func (s *Service) Kid(ctx context.Context, userID, kidID string) (Kid, error) {
	if _, err := uuid.Parse(kidID); err != nil {
		return Kid{}, ErrKidNotFound
	}
	var k Kid
	err := s.db.QueryRowContext(ctx, `SELECT id, name, date_of_birth, updated_at FROM kids WHERE id = ? AND user_id = ?`,
		kidID, userID).Scan(&k.ID, &k.Name, &k.DateOfBirth, &k.UpdatedAt)
	if db.IsNoRows(err) {
		return Kid{}, ErrKidNotFound
	}
	if err != nil {
		return Kid{}, fmt.Errorf("read kid: %w", err)
	}
	return k, nil
}

// AddKid stores a new child of the parent.
func (s *Service) AddKid(ctx context.Context, userID string, in KidInput) (Kid, error) {
	now := s.clock()
	in, err := in.validate(now)
	if err != nil {
		return Kid{}, err
	}
	k := Kid{ID: uuid.NewString(), Name: in.Name, DateOfBirth: in.DateOfBirth, UpdatedAt: now}
	_, err = s.db.ExecContext(ctx, `INSERT INTO kids (id, user_id, name, date_of_birth, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?)`, k.ID, userID, k.Name, k.DateOfBirth, now, now)
	if err != nil {
		return Kid{}, fmt.Errorf("add kid: %w", err)
	}
	return k, nil
}

// KidPatch is a change to a child: a field left out keeps its value.
type KidPatch struct {
	Name        *string `json:"name"`
	DateOfBirth *string `json:"date_of_birth"`
}

// UpdateKid changes a child of the parent; another parent's child is not found.
func (s *Service) UpdateKid(ctx context.Context, userID, kidID string, p KidPatch) (Kid, error) {
	current, err := s.Kid(ctx, userID, kidID)
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
	res, err := s.db.ExecContext(ctx, `UPDATE kids SET name = ?, date_of_birth = ?, updated_at = ? WHERE id = ? AND user_id = ?`,
		in.Name, in.DateOfBirth, now, kidID, userID)
	if err != nil {
		return Kid{}, fmt.Errorf("update kid: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Kid{}, ErrKidNotFound
	}
	return Kid{ID: kidID, Name: in.Name, DateOfBirth: in.DateOfBirth, UpdatedAt: now}, nil
}

// RemoveKid deletes a child of the parent; another parent's child is not found.
func (s *Service) RemoveKid(ctx context.Context, userID, kidID string) error {
	if _, err := uuid.Parse(kidID); err != nil {
		return ErrKidNotFound
	}
	res, err := s.db.ExecContext(ctx, `DELETE FROM kids WHERE id = ? AND user_id = ?`, kidID, userID)
	if err != nil {
		return fmt.Errorf("remove kid: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrKidNotFound
	}
	return nil
}
