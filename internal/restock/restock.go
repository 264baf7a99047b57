// Package restock is "Tell me when it's back": an address waiting for an
// out-of-stock print book gets one e-mail when the book is back, and is
// forgotten in the transaction that writes it.
//
// The book's stock is the catalogue's: the editor's form, the CSV import
// and a refund that puts copies back all write it. Rather than hook each of
// those writers, a pass on every instance (RunAlerts) asks the live
// catalogue which waited-for books are in stock again, so a new way of
// restocking needs nothing here. Each alert is deleted by a conditional
// DELETE in the transaction that queues its e-mail: of several instances
// one wins, and an address hears once.
package restock

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/background"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/linktoken"
	"bookshop/internal/mail"
)

// Book is what an alert needs of a catalogue book.
type Book struct {
	ID        int
	Title     string
	Price     string // "$14.99"
	URL       string // absolute
	Published bool
	// InStock is false only for a book whose stock is tracked and at none.
	InStock bool
}

// Books reads the live catalogue.
type Books interface {
	Book(id int) (Book, bool) // false: no such book
}

// Service keeps the waiting addresses.
type Service struct {
	db       *db.DB
	books    Books
	siteURL  string
	cooldown time.Duration
	now      func() time.Time
}

// New returns the service; now may be nil (time.Now).
func New(d *db.DB, books Books, siteURL string, cooldown time.Duration, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, books: books, siteURL: siteURL, cooldown: cooldown, now: func() time.Time { return now().UTC() }}
}

const confirmValidity = 7 * 24 * time.Hour

// Notified is the response to a request: "waiting" for a signed-in
// parent's own address, "check_inbox" for an address to confirm, whatever
// its state, so that nobody learns who waits for what.
type Notified struct {
	Status string `json:"status"`
	Email  string `json:"email"`
}

var errNoBook = httpx.Errorf(httpx.CodeNotFound, "Book not found.")

// Notify serves POST /api/books/{id}/notify {email?}: a signed-in parent
// waits with their account's address at once (no body needed); a visitor's
// address waits once confirmed by the link of an e-mail.
func (s *Service) Notify(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil || id <= 0 {
		return errNoBook
	}
	var body struct {
		Email string `json:"email"`
	}
	if r.ContentLength != 0 {
		if err := httpx.DecodeJSON(r, &body); err != nil {
			return err
		}
	}
	book, ok := s.books.Book(id)
	if !ok || !book.Published {
		return errNoBook
	}
	if book.InStock {
		return httpx.Errorf(httpx.CodeConflict, "Good news: this book is in stock, so you can order it now.")
	}
	email := strings.ToLower(strings.TrimSpace(body.Email))
	c, signedIn := auth.CallerFrom(r.Context())
	if signedIn && (email == "" || email == strings.ToLower(c.Email)) && c.Email != "" {
		if err := s.wait(r.Context(), id, strings.ToLower(c.Email), c.UserID); err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, Notified{Status: "waiting", Email: strings.ToLower(c.Email)})
	}
	switch {
	case email == "":
		return httpx.Invalid("Email is required.", map[string]string{"email": "Email is required"})
	case !mail.ValidEmail(email):
		return httpx.Invalid("Please enter a valid email address.", map[string]string{"email": "Invalid email address"})
	}
	if err := s.askToConfirm(r.Context(), book, email); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, Notified{Status: "check_inbox", Email: email})
}

// wait records a confirmed address as waiting for the book.
func (s *Service) wait(ctx context.Context, bookID int, email, userID string) error {
	now := s.now()
	_, err := s.db.ExecContext(ctx, `INSERT INTO stock_alerts (book_id, email, user_id, status, created_at, confirmed_at)
		VALUES (?, ?, ?, 'waiting', ?, ?)
		ON CONFLICT (book_id, email) DO UPDATE SET status = 'waiting', user_id = excluded.user_id,
			confirmed_at = COALESCE(stock_alerts.confirmed_at, excluded.confirmed_at), confirm_token_hash = NULL, confirm_expires_at = NULL`,
		bookID, email, userID, now, now)
	if err != nil {
		return fmt.Errorf("restock: wait: %w", err)
	}
	return nil
}

// askToConfirm records a visitor's address as pending and e-mails the
// link that confirms it; nothing for an address already waiting, nor for a
// pending one mailed within the cooldown.
func (s *Service) askToConfirm(ctx context.Context, book Book, email string) error {
	now := s.now()
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		var status string
		var created time.Time
		var expires *time.Time
		err := tx.QueryRowContext(ctx, `SELECT status, created_at, confirm_expires_at FROM stock_alerts WHERE book_id = ? AND email = ?`,
			book.ID, email).Scan(&status, &created, &expires)
		switch {
		case db.IsNoRows(err):
		case err != nil:
			return err
		case status == "waiting":
			return nil
		case expires != nil && now.Sub(expires.Add(-confirmValidity)) < s.cooldown:
			return nil // mailed a moment ago
		}
		token, hash := linktoken.New()
		if _, err := tx.ExecContext(ctx, `INSERT INTO stock_alerts (book_id, email, status, confirm_token_hash, confirm_expires_at, created_at)
			VALUES (?, ?, 'pending', ?, ?, ?)
			ON CONFLICT (book_id, email) DO UPDATE SET confirm_token_hash = excluded.confirm_token_hash,
				confirm_expires_at = excluded.confirm_expires_at`, book.ID, email, hash, now.Add(confirmValidity), now); err != nil {
			return fmt.Errorf("restock: ask to confirm: %w", err)
		}
		m, err := mail.StockAlertConfirmEmail(email, mail.StockAlertConfirm{Title: book.Title,
			ConfirmURL: s.siteURL + "/back-in-stock/confirm?token=" + url.QueryEscape(token), SiteURL: s.siteURL})
		if err != nil {
			return err
		}
		return mail.Enqueue(ctx, tx, m)
	})
}

var errBadLink = httpx.Invalid("This link has expired or was already used. Ask again on the book's page.",
	map[string]string{"token": "This link has expired or was already used"})

// Confirm serves POST /api/back-in-stock/confirm {token}: the visitor's
// address waits for the book from now on.
func (s *Service) Confirm(w http.ResponseWriter, r *http.Request) error {
	hash, err := linktoken.Read(r, errBadLink)
	if err != nil {
		return err
	}
	bookID, err := confirm(r.Context(), s.db, hash, s.now())
	if err != nil {
		return err
	}
	title := ""
	if b, ok := s.books.Book(bookID); ok {
		title = b.Title
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"status": "waiting", "bookId": bookID, "title": title})
}

// Waiting serves GET /api/admin/books/{id}/waiting (catalogue staff): how
// many addresses wait for the book (confirmed ones; the pending apart).
func (s *Service) Waiting(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil || id <= 0 {
		return errNoBook
	}
	waiting, pending, err := countWaiting(r.Context(), s.db, id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]int{"waiting": waiting, "pending": pending})
}

// AlertInterval is how often each instance looks for books back in stock.
const AlertInterval = 3 * time.Second

// RunAlerts runs AlertPass every interval until ctx ends.
func (s *Service) RunAlerts(ctx context.Context, interval time.Duration) {
	background.Every(ctx, interval, "restock: back-in-stock alerts", func(ctx context.Context) error {
		_, err := s.AlertPass(ctx)
		return err
	})
}

// AlertPass e-mails every address waiting for a book that is in stock
// again, once, forgetting it in the same transaction, and deletes the
// pending requests whose link expired. It returns how many it e-mailed.
func (s *Service) AlertPass(ctx context.Context) (int, error) {
	now := s.now()
	if _, err := s.db.ExecContext(ctx, `DELETE FROM stock_alerts WHERE status = 'pending' AND confirm_expires_at < ?`, now); err != nil {
		return 0, fmt.Errorf("restock: forget expired requests: %w", err)
	}
	books, err := s.waitedFor(ctx)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, id := range books {
		book, ok := s.books.Book(id)
		if !ok || !book.Published || !book.InStock {
			continue
		}
		alerts, err := s.waitingFor(ctx, id)
		if err != nil {
			return sent, err
		}
		for _, a := range alerts {
			err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
				res, err := tx.ExecContext(ctx, `DELETE FROM stock_alerts WHERE id = ? AND status = 'waiting'`, a.id)
				if err != nil {
					return err
				}
				if n, _ := res.RowsAffected(); n != 1 {
					return nil // another instance told them
				}
				m, err := mail.BackInStockEmail(a.email, mail.BackInStock{Title: book.Title, Price: book.Price, BookURL: book.URL, SiteURL: s.siteURL})
				if err != nil {
					return err
				}
				sent++
				return mail.Enqueue(ctx, tx, m)
			})
			if err != nil {
				return sent, err
			}
		}
	}
	return sent, nil
}

func (s *Service) waitedFor(ctx context.Context) ([]int, error) {
	ids, err := db.Column[int](s.db.QueryContext(ctx, `SELECT DISTINCT book_id FROM stock_alerts WHERE status = 'waiting'`))
	if err != nil {
		return nil, fmt.Errorf("restock: books waited for: %w", err)
	}
	return ids, nil
}

type alert struct {
	id    int64
	email string
}

func (s *Service) waitingFor(ctx context.Context, bookID int) ([]alert, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, email FROM stock_alerts WHERE book_id = ? AND status = 'waiting' ORDER BY id LIMIT 500`, bookID)
	if err != nil {
		return nil, fmt.Errorf("restock: addresses waiting: %w", err)
	}
	defer rows.Close()
	var out []alert
	for rows.Next() {
		var a alert
		if err := rows.Scan(&a.id, &a.email); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// Request is a waiting address in the parent's data export.
type Request struct {
	BookID    int        `json:"bookId"`
	Email     string     `json:"email"`
	Status    string     `json:"status"` // pending (not confirmed yet) or waiting
	CreatedAt time.Time  `json:"createdAt"`
	Confirmed *time.Time `json:"confirmedAt,omitempty"`
}

// RequestsOf returns the person's waiting addresses: made while signed in
// as userID, or of their address.
func RequestsOf(ctx context.Context, q db.Querier, userID, email string) ([]Request, error) {
	rows, err := q.QueryContext(ctx, `SELECT book_id, email, status, created_at, confirmed_at FROM stock_alerts
		WHERE user_id = ? OR email = ? ORDER BY id`, userID, strings.ToLower(email))
	if err != nil {
		return nil, fmt.Errorf("restock: requests of a person: %w", err)
	}
	defer rows.Close()
	out := []Request{}
	for rows.Next() {
		var r Request
		if err := rows.Scan(&r.BookID, &r.Email, &r.Status, &r.CreatedAt, &r.Confirmed); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Erase deletes the person's waiting addresses (account deletion, in its transaction).
func Erase(ctx context.Context, q db.Querier, userID, email string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM stock_alerts WHERE user_id = ? OR email = ?`, userID, strings.ToLower(email)); err != nil {
		return fmt.Errorf("restock: erase: %w", err)
	}
	return nil
}
