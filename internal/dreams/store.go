package dreams

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
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
	KeptAt     *time.Time // the parent chose "Keep this story"; nil: it goes after the retention period
}

// errNoDream is a story that does not exist or is not the caller's.
var errNoDream = errors.New("dreams: no such dream")

// page selects part of a parent's dreams, newest first.
type page struct {
	kidID  string // "": every child's
	before cursor // zero: from the newest
	limit  int    // 0: all of them (the data export)
}

// cursor is where a page ends: the last dream it holds, by the order of
// the list (created_at, then id).
type cursor struct {
	at time.Time
	id string
}

const dreamColumns = `id, user_id, kid_id, kid_name, kid_age, gender, companion, interests, other, template, title, paragraphs, created_at, kept_at`

// insertDream stores a new dream under a fresh id and sets ID and CreatedAt.
func insertDream(ctx context.Context, q db.Querier, d *Dream, now time.Time) error {
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
	// the time in the response now (and a page's cursor finds it again).
	d.CreatedAt = now.UTC().Truncate(time.Microsecond)
	_, err = q.ExecContext(ctx, `INSERT INTO dreams (`+dreamColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		d.ID, d.UserID, d.KidID, d.KidName, d.KidAge, d.Gender, d.Companion, string(interests), d.Other,
		d.Template, d.Title, string(paragraphs), d.CreatedAt, d.KeptAt)
	if db.IsForeignKeyViolation(err) {
		// The child, or the whole account, was deleted while the story was written.
		return httpx.NotFound("Child")
	}
	if err != nil {
		return fmt.Errorf("insert dream: %w", err)
	}
	return nil
}

// listDreams returns userID's dreams that p selects, newest first.
func listDreams(ctx context.Context, q db.Querier, userID string, p page) ([]Dream, error) {
	query := `SELECT ` + dreamColumns + ` FROM dreams WHERE user_id = ?`
	args := []any{userID}
	if p.kidID != "" {
		if !wellFormedID(p.kidID) { // no such child: nothing to list
			return []Dream{}, nil
		}
		query += ` AND kid_id = ?`
		args = append(args, p.kidID)
	}
	if p.before.id != "" {
		query += ` AND (created_at < ? OR (created_at = ? AND id < ?))`
		args = append(args, p.before.at, p.before.at, p.before.id)
	}
	query += ` ORDER BY created_at DESC, id DESC`
	if p.limit > 0 {
		query += ` LIMIT ?`
		args = append(args, p.limit)
	}
	rows, err := q.QueryContext(ctx, query, args...)
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

// remembered is how many of a family's latest stories a new one is kept
// apart from: a month of bedtime stories.
const remembered = 30

// toldTo is what userID's family heard lately, newest first: the stories of
// all the children, since brothers and sisters hear each other's.
func toldTo(ctx context.Context, q db.Querier, userID string) ([]Told, error) {
	rows, err := q.QueryContext(ctx, `SELECT template, paragraphs FROM dreams WHERE user_id = ?
		ORDER BY created_at DESC, id DESC LIMIT ?`, userID, remembered)
	if err != nil {
		return nil, fmt.Errorf("stories told: %w", err)
	}
	defer rows.Close()
	var out []Told
	for rows.Next() {
		var t Told
		var paragraphs string
		if err := rows.Scan(&t.Template, &paragraphs); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(paragraphs), &t.Paragraphs); err != nil {
			return nil, fmt.Errorf("stories told: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// deleteDream removes userID's dream id; errNoDream when there is no such
// dream of theirs, so another user's dream looks exactly like a missing one.
func deleteDream(ctx context.Context, q db.Querier, userID, id string) error {
	if !wellFormedID(id) {
		return errNoDream
	}
	res, err := q.ExecContext(ctx, `DELETE FROM dreams WHERE id = ? AND user_id = ?`, id, userID)
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

// keepDream marks userID's dream id kept (at) or not kept (nil);
// errNoDream when there is no such dream of theirs.
func keepDream(ctx context.Context, q db.Querier, userID, id string, at *time.Time) error {
	if !wellFormedID(id) {
		return errNoDream
	}
	res, err := q.ExecContext(ctx, `UPDATE dreams SET kept_at = ? WHERE id = ? AND user_id = ?`, at, id, userID)
	if err != nil {
		return fmt.Errorf("keep dream: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return errNoDream
	}
	return nil
}

// ForgetUnkept deletes the dreams made before cutoff that their parent did
// not keep (the retention schedule), and returns how many. Running it twice,
// or on two instances at once, deletes each once.
func ForgetUnkept(ctx context.Context, q db.Querier, cutoff time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM dreams WHERE kept_at IS NULL AND created_at < ?`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("forget dreams not kept: %w", err)
	}
	return res.RowsAffected()
}

func scanDream(row interface{ Scan(...any) error }) (Dream, error) {
	var d Dream
	var interests, paragraphs string
	err := row.Scan(&d.ID, &d.UserID, &d.KidID, &d.KidName, &d.KidAge, &d.Gender, &d.Companion, &interests, &d.Other,
		&d.Template, &d.Title, &paragraphs, &d.CreatedAt, &d.KeptAt)
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
	if d.KeptAt != nil {
		at := d.KeptAt.UTC()
		d.KeptAt = &at
	}
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
