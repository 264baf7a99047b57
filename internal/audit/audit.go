// Package audit is the back office's audit log: who changed what, when,
// and the values before and after. A feature records an entry in the same
// transaction as the change it describes, so the log holds every change
// that happened and none that did not. The log is append-only: the app has
// no update or delete path, and database triggers refuse both.
//
// The package only stores: it does not import auth. The feature that makes
// the change learns its caller from auth and passes the actor's user id.
// The log keeps no copy of anyone's address: a staff member's e-mail is read
// from their account when the log is listed, so once the account is
// deleted its entries show a deleted account; an entry about a customer
// names them by id in EntityID, never by address in its values.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/db"
)

// Entry is one change.
type Entry struct {
	ActorID  string    // the staff member's user id ("" when no account acted)
	System   string    // what acted without an account: the command line, the service role, PayPal
	Action   string    // what was done, "<entity>.<verb>": "book.update", "staff.role"
	Entity   string    // the kind of thing changed: "book", "user"
	EntityID string    // which one
	Before   any       // the values before (nil: none, as for a creation); stored as JSON
	After    any       // the values after (nil: none, as for a deletion)
	At       time.Time // when (zero: now); features pass their clock's time
}

// Record writes e. Call it with the transaction that makes the change, so
// that the change and its entry commit or fail together.
func Record(ctx context.Context, q db.Querier, e Entry) error {
	if e.Action == "" || e.Entity == "" {
		return fmt.Errorf("audit: an entry needs an action and an entity: %+v", e)
	}
	if undeclared(e.Action) {
		return fmt.Errorf("audit: %q is not in internal/audit/actions.go: add it there, and its words to web/src/features/admin/audit-kinds.ts", e.Action)
	}
	at := e.At
	if at.IsZero() {
		at = time.Now()
	}
	at = at.UTC()
	before, err := encode(e.Before)
	if err != nil {
		return err
	}
	after, err := encode(e.After)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO audit_log (at, actor_id, actor_system, action, entity, entity_id, before_json, after_json)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, at, e.ActorID, e.System, e.Action, e.Entity, e.EntityID, before, after)
	if err != nil {
		return fmt.Errorf("audit: record %s: %w", e.Action, err)
	}
	return nil
}

// encode is the JSON of v, or NULL for nil.
func encode(v any) (*string, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("audit: encode values: %w", err)
	}
	s := string(b)
	return &s, nil
}

// Filter selects entries, newest first. Zero fields select everything.
type Filter struct {
	Actor    string    // part of the actor's e-mail (or System), any case
	Kind     string    // an action ("book.update") or its entity part ("book")
	From, To time.Time // at >= From and at < To
	Before   int64     // the cursor: entries with a smaller id (a page's NextCursor)
	Limit    int       // page size: DefaultLimit when 0, at most MaxLimit
}

const (
	DefaultLimit = 50
	MaxLimit     = 200
)

// Logged is a stored entry as the back office shows it.
type Logged struct {
	ID       int64     `json:"id"`
	At       time.Time `json:"at"`
	Actor    Actor     `json:"actor"`
	Action   string    `json:"action"`
	Entity   string    `json:"entity"`
	EntityID string    `json:"entityId"`
	// For an entry about an account (entity "user"), its address now, read
	// from the account; none once it is deleted.
	EntityEmail string          `json:"entityEmail,omitempty"`
	Before      json.RawMessage `json:"before"`
	After       json.RawMessage `json:"after"`
}

// Actor is who made a change: a staff member's account as it is now (its
// e-mail; Deleted once the account is gone), or what acted without one
// (its System name in Email).
type Actor struct {
	ID      string `json:"id"`
	Email   string `json:"email"`
	Deleted bool   `json:"deleted,omitempty"`
}

// Page is one page of entries and the cursor of the next (nil at the end).
type Page struct {
	Entries    []Logged `json:"entries"`
	NextCursor *string  `json:"nextCursor"`
}

// List returns the entries f selects, newest first, one page at a time.
func List(ctx context.Context, q db.Querier, f Filter) (Page, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	limit = min(limit, MaxLimit)
	where, args := []string{"1 = 1"}, []any{}
	if f.Actor != "" {
		pattern := "%" + escapeLike(strings.ToLower(f.Actor)) + "%"
		where = append(where, `(LOWER(u.email) LIKE ? ESCAPE '\' OR LOWER(a.actor_system) LIKE ? ESCAPE '\')`)
		args = append(args, pattern, pattern)
	}
	if f.Kind != "" {
		where = append(where, `(a.action = ? OR a.action LIKE ? ESCAPE '\')`)
		args = append(args, f.Kind, escapeLike(f.Kind)+".%")
	}
	if !f.From.IsZero() {
		where = append(where, "a.at >= ?")
		args = append(args, f.From.UTC())
	}
	if !f.To.IsZero() {
		where = append(where, "a.at < ?")
		args = append(args, f.To.UTC())
	}
	if f.Before > 0 {
		where = append(where, "a.id < ?")
		args = append(args, f.Before)
	}
	// The addresses of the staff member and of the account changed are the
	// accounts', read now.
	rows, err := q.QueryContext(ctx, `SELECT a.id, a.at, a.actor_id, a.actor_system, COALESCE(u.email, ''), u.id IS NULL,
		a.action, a.entity, a.entity_id, COALESCE(s.email, ''), a.before_json, a.after_json
		FROM audit_log a LEFT JOIN users u ON a.actor_id <> '' AND u.id = a.actor_id
		LEFT JOIN users s ON a.entity = 'user' AND s.id = a.entity_id
		WHERE `+strings.Join(where, " AND ")+` ORDER BY a.id DESC LIMIT `+strconv.Itoa(limit+1), args...)
	if err != nil {
		return Page{}, fmt.Errorf("audit: list: %w", err)
	}
	defer rows.Close()
	page := Page{Entries: []Logged{}}
	for rows.Next() {
		var l Logged
		var system, email string
		var gone bool
		var before, after *string
		if err := rows.Scan(&l.ID, &l.At, &l.Actor.ID, &system, &email, &gone, &l.Action, &l.Entity, &l.EntityID, &l.EntityEmail, &before, &after); err != nil {
			return Page{}, fmt.Errorf("audit: list: %w", err)
		}
		l.Actor.Email = email
		if l.Actor.ID == "" {
			l.Actor.Email = system
		} else if gone {
			l.Actor.Deleted = true
		}
		l.At = l.At.UTC()
		l.Before, l.After = raw(before), raw(after)
		page.Entries = append(page.Entries, l)
	}
	if err := rows.Err(); err != nil {
		return Page{}, fmt.Errorf("audit: list: %w", err)
	}
	if len(page.Entries) > limit {
		page.Entries = page.Entries[:limit]
		next := strconv.FormatInt(page.Entries[limit-1].ID, 10)
		page.NextCursor = &next
	}
	return page, nil
}

func raw(s *string) json.RawMessage {
	if s == nil {
		return json.RawMessage("null")
	}
	return json.RawMessage(*s)
}

// escapeLike makes s match itself in a LIKE pattern with ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
