package dreams

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"bookshop/internal/db"
)

// Dream is a saved story with what it was made for.
type Dream struct {
	ID         string
	UserID     string
	KidID      string
	KidName    string
	KidAge     int
	Gender     string
	Companion  string
	Interests  []string
	Other      string
	Template   string
	Title      string
	Paragraphs []string
	CreatedAt  time.Time
}

// errNoDream is a story that does not exist or is not the caller's.
var errNoDream = errors.New("dreams: no such dream")

// Store keeps the stories.
type Store struct{ db *db.DB }

// NewStore returns a store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// listLimit bounds one answer of My Dreams; a family reading a story every
// night for half a year stays within it.
const listLimit = 200

const dreamColumns = `id, user_id, kid_id, kid_name, kid_age, gender, companion, interests, other, template, title, paragraphs, created_at`

// Create stores a new dream under a fresh id and sets ID and CreatedAt.
func (s *Store) Create(ctx context.Context, d *Dream) error {
	interests, err := json.Marshal(nonNil(d.Interests))
	if err != nil {
		return err
	}
	paragraphs, err := json.Marshal(nonNil(d.Paragraphs))
	if err != nil {
		return err
	}
	d.ID = uuid.NewString()
	// Microseconds: both databases keep them, so the time read back equals
	// the time answered now.
	d.CreatedAt = time.Now().UTC().Truncate(time.Microsecond)
	_, err = s.db.ExecContext(ctx, `INSERT INTO dreams (`+dreamColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		d.ID, d.UserID, d.KidID, d.KidName, d.KidAge, d.Gender, d.Companion, string(interests), d.Other,
		d.Template, d.Title, string(paragraphs), d.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert dream: %w", err)
	}
	return nil
}

// List returns userID's dreams, newest first; only kidID's when it is set.
func (s *Store) List(ctx context.Context, userID, kidID string) ([]Dream, error) {
	q := `SELECT ` + dreamColumns + ` FROM dreams WHERE user_id = ?`
	args := []any{userID}
	if kidID != "" {
		if !wellFormedID(kidID) { // no such child: nothing to list
			return nil, nil
		}
		q += ` AND kid_id = ?`
		args = append(args, kidID)
	}
	q += ` ORDER BY created_at DESC, id DESC LIMIT ?`
	rows, err := s.db.QueryContext(ctx, q, append(args, listLimit)...)
	if err != nil {
		return nil, fmt.Errorf("list dreams: %w", err)
	}
	defer rows.Close()
	out := []Dream{}
	for rows.Next() {
		d, err := scanDream(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Delete removes userID's dream id; errNoDream when there is no such dream
// of theirs, so another user's dream looks exactly like a missing one.
func (s *Store) Delete(ctx context.Context, userID, id string) error {
	if !wellFormedID(id) {
		return errNoDream
	}
	res, err := s.db.ExecContext(ctx, `DELETE FROM dreams WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return fmt.Errorf("delete dream: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return errNoDream
	}
	return nil
}

func scanDream(row interface{ Scan(...any) error }) (Dream, error) {
	var d Dream
	var interests, paragraphs string
	err := row.Scan(&d.ID, &d.UserID, &d.KidID, &d.KidName, &d.KidAge, &d.Gender, &d.Companion, &interests, &d.Other,
		&d.Template, &d.Title, &paragraphs, &d.CreatedAt)
	if err != nil {
		return Dream{}, fmt.Errorf("scan dream: %w", err)
	}
	if err := json.Unmarshal([]byte(interests), &d.Interests); err != nil {
		return Dream{}, fmt.Errorf("dream %s interests: %w", d.ID, err)
	}
	if err := json.Unmarshal([]byte(paragraphs), &d.Paragraphs); err != nil {
		return Dream{}, fmt.Errorf("dream %s paragraphs: %w", d.ID, err)
	}
	d.CreatedAt = d.CreatedAt.UTC()
	return d, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// wellFormedID tells whether id can name a row at all. Ids come from the
// path or the query; anything else (a NUL byte, say, which PostgreSQL
// refuses with an error) is simply not found, as in internal/account.
func wellFormedID(id string) bool {
	_, err := uuid.Parse(id)
	return err == nil
}
