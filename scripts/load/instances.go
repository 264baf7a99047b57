package main

// Two instances (issue #40): two `bookshop serve` on one PostgreSQL under
// the same load, whether they agree, and each one's peak RSS.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"sync"
	"time"

	"bookshop/internal/db"
)

// instances puts demo orders and catalogue reads on both shops (-url and
// -url2, processes -pid and -pid2) at once for the duration, then checks
// that they agree: the catalogue (the same GET /api/books), the settings
// (a save on one is what the other reads), stock (a copy bought on one is
// gone on the other); and prints each one's peak RSS (VmHWM). Rate limits
// shared between instances are TestTwoInstancesOnOneDatabase's (the load
// runs with limits out of its way).
func (l *loader) instances(url2 string, pid2 int) error {
	ctx := context.Background()
	d, err := db.Open(ctx, l.databaseURL())
	if err != nil {
		return err
	}
	free, err := books(ctx, d, `stock IS NULL LIMIT 2`)
	if err != nil {
		d.Close()
		return err
	}
	stocked, err := books(ctx, d, `stock >= 5 LIMIT 1`)
	d.Close()
	if err != nil || len(free) < 2 || len(stocked) < 1 {
		return fmt.Errorf("instances: two books without a stock and one with 5 copies wanted: %v", err)
	}
	other := &loader{base: url2, database: l.database, workers: l.workers, duration: l.duration, client: l.client}
	shops := []*loader{l, other}
	body, err := l.demoOrder(free...)
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	rates := make([]float64, 2)
	reads := make([]float64, 2)
	for i, s := range shops {
		wg.Go(func() {
			rates[i] = s.run(max(1, s.workers/2), func(int) func() error {
				return func() error { return s.post("/functions/v1/process-payment", body, nil) }
			})
		})
		wg.Go(func() {
			reads[i] = s.run(2, func(int) func() error { return func() error { return s.getAs("", "/api/books?page=1", nil) } })
		})
	}
	wg.Wait()
	fmt.Printf("instances load           orders %.0f/s + %.0f/s, catalogue reads %.0f/s + %.0f/s  load %s\n",
		rates[0], rates[1], reads[0], reads[1], loadAvg())

	token, err := l.owner()
	if err != nil {
		return err
	}
	checks := []struct {
		name  string
		check func() error
	}{
		{"catalogue", func() error { return agree(shops, "/api/books?page=1", "") }},
		{"settings", func() error { return l.settingsAgree(other, token) }},
		{"stock", func() error { return l.stockAgrees(other, stocked[0]) }},
	}
	for _, c := range checks {
		if err := c.check(); err != nil {
			return fmt.Errorf("instances: %s: %w", c.name, err)
		}
		fmt.Printf("instances agree          %s\n", c.name)
	}
	fmt.Printf("instances peak RSS       %d MB and %d MB  load %s\n", statusKB(l.pid, "VmHWM:")/1024, statusKB(pid2, "VmHWM:")/1024, loadAvg())
	return nil
}

// agree GETs path from each shop until their bodies are the same, for at
// most 10 s (a change reaches the other instance by its next look).
func agree(shops []*loader, path, token string) error {
	var bodies [2]json.RawMessage
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(200 * time.Millisecond) {
		for i, s := range shops {
			bodies[i] = nil
			if err := s.getAs(token, path, &bodies[i]); err != nil {
				return err
			}
		}
		if string(bodies[0]) == string(bodies[1]) {
			return nil
		}
	}
	return fmt.Errorf("%s differs after 10 s", path)
}

// settingsAgree saves the settings on one shop as they are (a new version)
// and reads the same on the other.
func (l *loader) settingsAgree(other *loader, token string) error {
	var settings map[string]any
	if err := l.getAs(token, "/api/admin/settings", &settings); err != nil {
		return err
	}
	delete(settings, "updatedAt") // the server's to set
	if err := l.sendAs("PUT", "/api/admin/settings", token, "application/json", mustJSON(settings), nil); err != nil {
		return err
	}
	return agree([]*loader{l, other}, "/api/admin/settings", token)
}

// stockAgrees buys one copy of book on this shop and waits for the other
// to show one copy fewer.
func (l *loader) stockAgrees(other *loader, book saleBook) error {
	var before struct{ Stock *int }
	path := "/api/books/" + strconv.FormatInt(book.id, 10)
	if err := other.getAs("", path, &before); err != nil || before.Stock == nil {
		return fmt.Errorf("the stock of book %d: %v", book.id, err)
	}
	body, err := l.demoOrder(book)
	if err != nil {
		return err
	}
	if err := l.post("/functions/v1/process-payment", body, nil); err != nil {
		return err
	}
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(200 * time.Millisecond) {
		var after struct{ Stock *int }
		if err := other.getAs("", path, &after); err != nil {
			return err
		}
		if after.Stock != nil && *after.Stock == *before.Stock-1 {
			return nil
		}
	}
	return fmt.Errorf("book %d: %d copies on the other shop 10 s after one was bought", book.id, *before.Stock)
}

// saleBook is a published book of the catalogue sold in print: id, price
// and title.
type saleBook struct {
	id, cents int64
	title     string
}

// books are the published books whose condition and LIMIT are rest.
func books(ctx context.Context, d *db.DB, rest string) ([]saleBook, error) {
	rows, err := d.QueryContext(ctx, `SELECT id, price_cents, title FROM books
		WHERE status = 'published' AND id IN (SELECT book_id FROM book_formats WHERE format = 'print') AND `+rest)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []saleBook
	for rows.Next() {
		var b saleBook
		if err := rows.Scan(&b.id, &b.cents, &b.title); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

var orderTotal = regexp.MustCompile(`order total of \$([0-9.]+)`)

// demoOrder is the body of a guest's demo-card order of one copy of each
// book, at the total the shop prices it (asked with a wrong amount first,
// as a cart learns its price).
func (l *loader) demoOrder(books ...saleBook) ([]byte, error) {
	order := func(amount string) []byte {
		var items []map[string]any
		for _, b := range books {
			items = append(items, map[string]any{"id": b.id, "name": b.title, "quantity": 1,
				"unitPrice": json.Number(fmt.Sprintf("%d.%02d", b.cents/100, b.cents%100))})
		}
		return mustJSON(map[string]any{"action": "demo_payment", "method": "card", "amount": json.Number(amount), "items": items,
			"shippingInfo": map[string]any{"fullName": "Load Tester", "email": "load@example.com", "address": "12 Story Lane",
				"city": "Springfield", "state": "IL", "zipCode": "62701", "country": "United States", "cardNumber": "4111111111111111"}})
	}
	err := l.post("/functions/v1/process-payment", order("0.01"), nil)
	if err == nil {
		return nil, errors.New("an order of $0.01 was taken")
	}
	m := orderTotal.FindStringSubmatch(err.Error())
	if m == nil {
		return nil, err
	}
	return order(m[1]), nil
}
