package main

// A year of a busy shop (issue #40): seed-year fills a migrated database
// straight into its tables (multi-row INSERTs in transactions) with 5,000
// books, 50,000 customers with children and consents, 200,000 orders in
// every state with their lines, timelines and refunds, 1,000,000 audit
// entries and 20,000 subscribers; year then times the back office on it.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/db"
)

// Sizes of the year, scaled by -scale (1 = the figures).
const (
	yearBooks       = 5_000
	yearCustomers   = 50_000
	yearOrders      = 200_000
	yearAudit       = 1_000_000
	yearSubscribers = 20_000
)

// rowBatch inserts rows into table in multi-row INSERTs of at most 500 rows.
type rowBatch struct {
	ctx   context.Context
	tx    *db.Tx
	table string
	cols  []string
	rows  []any
	n     int
}

func (b *rowBatch) add(vals ...any) error {
	b.rows = append(b.rows, vals...)
	b.n++
	if b.n >= 500 {
		return b.flush()
	}
	return nil
}

func (b *rowBatch) flush() error {
	if b.n == 0 {
		return nil
	}
	one := "(?" + strings.Repeat(", ?", len(b.cols)-1) + ")"
	q := "INSERT INTO " + b.table + " (" + strings.Join(b.cols, ", ") + ") VALUES " + one + strings.Repeat(", "+one, b.n-1)
	_, err := b.tx.ExecContext(b.ctx, q, b.rows...)
	b.rows, b.n = b.rows[:0], 0
	if err != nil {
		return fmt.Errorf("insert into %s: %w", b.table, err)
	}
	return nil
}

// seedTable runs fill in one transaction with a batch for table.
func seedTable(ctx context.Context, d *db.DB, table string, cols []string, fill func(b *rowBatch) error) error {
	start := time.Now()
	err := d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		b := &rowBatch{ctx: ctx, tx: tx, table: table, cols: cols}
		if err := fill(b); err != nil {
			return err
		}
		return b.flush()
	})
	fmt.Fprintf(os.Stderr, "seed-year: %s in %.1f s\n", table, time.Since(start).Seconds())
	return err
}

func customerID(i int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", i) }

var firstNames = []string{"Ann", "Bo", "Chidi", "Dana", "Elif", "Farah", "Gus", "Hana", "Ivo", "Jun", "Kemi", "Luca", "Mina", "Noor", "Omar", "Pia"}
var lastNames = []string{"Lee", "Okafor", "Raman", "Lindqvist", "Ferreira", "Mwangi", "Bennett", "Novak", "Sato", "Haddad", "Moreau", "Kowalski"}

// seedYear fills the database at databaseURL (migrated, as `bookshop
// migrate` leaves it); scale divides nothing when 1.
func seedYear(databaseURL string, scale float64) error {
	ctx := context.Background()
	d, err := db.Open(ctx, databaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	n := func(v int) int { return max(1, int(float64(v)*scale)) }
	// A database kept from an earlier run (YEAR_SQLITE, YEAR_PG_URL) is
	// seeded once: seeding takes minutes.
	var kept int
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM orders`).Scan(&kept); err != nil {
		return err
	}
	if kept >= n(yearOrders) {
		fmt.Printf("seed-year already seeded (%d orders)\n", kept)
		return nil
	}
	rng := rand.New(rand.NewPCG(40, 2026))
	now := time.Now().UTC().Truncate(time.Second)
	yearAgo := now.AddDate(-1, 0, 0)
	span := now.Sub(yearAgo)
	at := func(i, of int) time.Time { // the i-th of evenly spread instants of the year
		return yearAgo.Add(time.Duration(float64(span) * float64(i) / float64(of)))
	}
	started := time.Now()

	books := n(yearBooks)
	err = seedTable(ctx, d, "books", []string{"title", "author", "description", "cover_image", "price_cents", "rating",
		"is_new_release", "category_id", "pages", "isbn", "publication_date", "status", "stock", "age_band", "slug", "version", "updated_at"},
		func(b *rowBatch) error {
			for i := range books {
				var stock any
				if i%5 == 0 {
					stock = 10 + rng.IntN(30)
				}
				if err := b.add(fmt.Sprintf("The %s and the %s %d", seedWords[rng.IntN(len(seedWords))], seedWords[rng.IntN(len(seedWords))], i+1),
					seedNames[rng.IntN(len(seedNames))], "A story for bedtime and for every time in between.",
					fmt.Sprintf("/covers/book-%d.svg", 1+i%10), 499+rng.IntN(2000), float64(30+rng.IntN(21))/10, rng.IntN(4) == 0,
					seedCategories[rng.IntN(len(seedCategories))], 24+rng.IntN(200), seedISBN(i),
					fmt.Sprintf("20%02d-%02d-%02d", 10+rng.IntN(16), 1+rng.IntN(12), 1+rng.IntN(28)), "published", stock,
					seedAgeBands[rng.IntN(len(seedAgeBands))], "year-"+strconv.Itoa(i+1), 1, now); err != nil {
					return err
				}
			}
			return nil
		})
	if err != nil {
		return err
	}
	var firstBook int
	if err := d.QueryRowContext(ctx, `SELECT MIN(id) FROM books WHERE slug LIKE 'year-%'`).Scan(&firstBook); err != nil {
		return err
	}
	// Sold in print, as a book the back office adds is (migration 0710).
	if _, err := d.ExecContext(ctx, `INSERT INTO book_formats (book_id, format, price_cents)
		SELECT id, 'print', price_cents FROM books WHERE id NOT IN (SELECT book_id FROM book_formats)`); err != nil {
		return err
	}
	if _, err := d.ExecContext(ctx, `UPDATE catalog_version SET version = version + 1`); err != nil {
		return err
	}

	customers := n(yearCustomers)
	name := func(i int) (string, string) { return firstNames[i%len(firstNames)], lastNames[(i/7)%len(lastNames)] }
	email := func(i int) string {
		f, l := name(i)
		return fmt.Sprintf("%s.%s.%d@example.com", strings.ToLower(f), strings.ToLower(l), i)
	}
	if err := seedTable(ctx, d, "users", []string{"id", "email", "email_confirmed_at", "last_sign_in_at", "created_at", "updated_at"},
		func(b *rowBatch) error {
			for i := range customers {
				t := at(i, customers)
				if err := b.add(customerID(i), email(i), t, t.Add(time.Duration(rng.IntN(300))*time.Hour), t, t); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
		return err
	}
	if err := seedTable(ctx, d, "profiles", []string{"id", "first_name", "last_name", "country", "email", "email_verification_status",
		"made_purchase", "created_at", "updated_at"},
		func(b *rowBatch) error {
			for i := range customers {
				f, l := name(i)
				t := at(i, customers)
				if err := b.add(customerID(i), f, l, "US", email(i), "Verified", i%3 != 0, t, t); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
		return err
	}
	// Every third family has children, after the parent's consent.
	if err := seedTable(ctx, d, "consents", []string{"user_id", "action", "scope", "notice_version", "guardian", "method", "at"},
		func(b *rowBatch) error {
			for i := 0; i < customers; i += 3 {
				if err := b.add(customerID(i), "given", "child", "2026-01", true, "checkbox", at(i, customers)); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
		return err
	}
	if err := seedTable(ctx, d, "kids", []string{"id", "user_id", "name", "birth_month", "created_at", "updated_at"},
		func(b *rowBatch) error {
			for i := 0; i < customers; i += 3 {
				for k := range 1 + i%2 {
					t := at(i, customers).Add(time.Minute)
					if err := b.add(fmt.Sprintf("00000000-0000-4000-9000-%010d%02d", i, k), customerID(i), seedWords[(i+k)%len(seedWords)],
						fmt.Sprintf("20%02d-%02d", 15+(i+k)%10, 1+(i+k)%12), t, t); err != nil {
						return err
					}
				}
			}
			return nil
		}); err != nil {
		return err
	}

	// Orders, spread over the year: most paid and delivered; the last days'
	// waiting to ship; some failed, expired, cancelled, refunded in part or
	// whole; a few awaiting payment today.
	orders := n(yearOrders)
	type seeded struct {
		payment, fulfilment string
		total, refunded     int64
		created             time.Time
	}
	var refundsOf []int // order positions with a refund
	var plan []seeded
	if err := seedTable(ctx, d, "orders", []string{"number", "user_id", "email", "provider", "currency", "subtotal_cents", "tax_cents",
		"shipping_cents", "total_cents", "shipping_info", "created_at", "updated_at", "paid_at", "fulfilled_at", "delivered_at",
		"cancelled_at", "refunded_cents", "payment_status", "fulfillment_status", "carrier", "tracking_number"},
		func(b *rowBatch) error {
			for i := range orders {
				created := at(i, orders)
				age := now.Sub(created)
				cust := rng.IntN(customers)
				var userID any
				if rng.IntN(10) < 7 {
					userID = customerID(cust)
				}
				f, l := name(cust)
				sub := int64(499 + rng.IntN(6000))
				tax, ship := sub/10, int64(499)
				total := sub + tax + ship
				o := seeded{payment: "paid", fulfilment: "delivered", total: total, created: created}
				switch r := rng.IntN(100); {
				case age < 24*time.Hour && r < 5:
					o.payment, o.fulfilment = "pending_payment", "unfulfilled"
				case r < 2:
					o.payment, o.fulfilment = "payment_failed", "unfulfilled"
				case r < 4:
					o.payment, o.fulfilment = "expired", "unfulfilled"
				case r < 6:
					o.payment, o.fulfilment, o.refunded = "refunded", "cancelled", total
				case r < 8:
					o.payment, o.refunded = "partially_refunded", total/3
				case age < 3*24*time.Hour:
					o.fulfilment = "unfulfilled"
				case age < 8*24*time.Hour:
					o.fulfilment = "shipped"
				}
				var paid, fulfilled, delivered, cancelled any
				if o.payment != "pending_payment" && o.payment != "payment_failed" && o.payment != "expired" {
					paid = created.Add(time.Minute)
				}
				if o.fulfilment == "shipped" || o.fulfilment == "delivered" {
					fulfilled = created.Add(30 * time.Hour)
				}
				if o.fulfilment == "delivered" {
					delivered = created.Add(80 * time.Hour)
				}
				if o.fulfilment == "cancelled" {
					cancelled = created.Add(5 * time.Hour)
				}
				if o.refunded > 0 {
					refundsOf = append(refundsOf, i)
				}
				plan = append(plan, o)
				info := fmt.Sprintf(`{"fullName":"%s %s","email":"%s","address":"%d Story Lane","city":"Springfield","state":"IL","zipCode":"62701","country":"US"}`,
					f, l, email(cust), 1+cust%400)
				if err := b.add(fmt.Sprintf("SF-Y%09d", i), userID, email(cust), []string{"demo_card", "paypal", "demo_apple", "demo_google"}[i%4],
					"USD", sub, tax, ship, total, info, created, created, paid, fulfilled, delivered, cancelled, o.refunded,
					o.payment, o.fulfilment, "USPS", fmt.Sprintf("9400%012d", i)); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
		return err
	}
	var firstOrder int64
	if err := d.QueryRowContext(ctx, `SELECT MIN(id) FROM orders WHERE number LIKE 'SF-Y%'`).Scan(&firstOrder); err != nil {
		return err
	}
	if err := seedTable(ctx, d, "order_lines", []string{"order_id", "position", "book_id", "title", "unit_price_cents", "quantity", "line_total_cents"},
		func(b *rowBatch) error {
			for i, o := range plan {
				lines := 1 + i%3
				for p := range lines {
					book := firstBook + rng.IntN(books)
					price := o.total / int64(lines)
					if err := b.add(firstOrder+int64(i), p+1, book, fmt.Sprintf("Book %d", book), price, 1, price); err != nil {
						return err
					}
				}
			}
			return nil
		}); err != nil {
		return err
	}
	if err := seedTable(ctx, d, "order_status_history", []string{"order_id", "from_status", "to_status", "note", "created_at", "kind"},
		func(b *rowBatch) error {
			for i, o := range plan {
				id := firstOrder + int64(i)
				if err := b.add(id, "", "pending_payment", "checkout", o.created, "status"); err != nil {
					return err
				}
				if o.payment == "pending_payment" {
					continue
				}
				steps := []string{o.payment}
				if o.fulfilment != "unfulfilled" {
					steps = append(steps, o.fulfilment)
				}
				prev := "pending_payment"
				for k, s := range steps {
					if err := b.add(id, prev, s, "", o.created.Add(time.Duration(k+1)*time.Hour), "status"); err != nil {
						return err
					}
					prev = s
				}
				if o.payment == "paid" || o.payment == "partially_refunded" || o.payment == "refunded" {
					if err := b.add(id, "", "", "order confirmation e-mailed", o.created.Add(time.Minute), "email"); err != nil {
						return err
					}
				}
			}
			return nil
		}); err != nil {
		return err
	}
	if err := seedTable(ctx, d, "order_refunds", []string{"order_id", "amount_cents", "reason", "source", "status", "created_at", "completed_at"},
		func(b *rowBatch) error {
			for _, i := range refundsOf {
				o := plan[i]
				t := o.created.Add(100 * time.Hour)
				if t.After(now) {
					t = now
				}
				if err := b.add(firstOrder+int64(i), o.refunded, "customer asked", "desk", "completed", t, t); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
		return err
	}

	// The audit log: a year of staff work, by five staff members.
	entries := n(yearAudit)
	actions := []string{"order.fulfil", "order.deliver", "order.note", "order.refund", "book.update", "customer.sign_out", "post.update", "settings.update"}
	if err := seedTable(ctx, d, "audit_log", []string{"at", "actor_id", "actor_system", "action", "entity", "entity_id", "before_json", "after_json"},
		func(b *rowBatch) error {
			for i := range entries {
				a := actions[rng.IntN(len(actions))]
				entity := a[:strings.IndexByte(a, '.')]
				if err := b.add(at(i, entries), customerID(i%5), "", a, entity, strconv.Itoa(rng.IntN(orders)),
					`{"status":"paid"}`, `{"status":"shipped"}`); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
		return err
	}
	subscribers := n(yearSubscribers)
	if err := seedTable(ctx, d, "newsletter", []string{"email", "subscribed", "user_id", "created_at", "updated_at"},
		func(b *rowBatch) error {
			for i := range subscribers {
				var user any
				e := fmt.Sprintf("reader%d@example.org", i)
				if i%2 == 0 && i*2 < customers {
					user, e = customerID(i*2), email(i*2)
				}
				t := at(i, subscribers)
				if err := b.add(e, i%10 != 0, user, t, t); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
		return err
	}
	fmt.Printf("seed-year %.1f s\n", time.Since(started).Seconds())
	return nil
}

// year times the back office on a seeded shop: each route -n times, its
// p50 and p99 and the shop's CPU per request (-pid), which the machine's
// load does not inflate as it does the wall times; the audit log paged to
// its end; the orders' CSV with the shop's peak RSS. only: the measures
// whose names contain it ("" all).
func (l *loader) year(rounds, pid int, only string) error {
	token, err := l.owner()
	if err != nil {
		return err
	}
	var some struct {
		Orders []struct {
			Number, Email string
		}
	}
	if err := l.getAs(token, "/api/admin/orders?page=2", &some); err != nil || len(some.Orders) == 0 {
		return fmt.Errorf("the seeded orders are not listed: %v", err)
	}
	var customers struct {
		Customers []struct{ ID, Email string }
	}
	if err := l.getAs(token, "/api/admin/customers", &customers); err != nil || len(customers.Customers) == 0 {
		return fmt.Errorf("the seeded customers are not listed: %v", err)
	}
	number, mail := some.Orders[3].Number, some.Orders[3].Email
	// The place of page 400, as the desk reaches it: Next from the first page.
	var page400 string
	if strings.Contains("orders paged to 400", only) || strings.Contains(only, "by its place") {
		if page400, err = l.ordersTo400(token); err != nil {
			return err
		}
	}
	cust := customers.Customers[len(customers.Customers)-1]
	month := time.Now().AddDate(0, -3, 0)
	routes := []struct{ name, path string }{
		{"orders list", "/api/admin/orders"},
		{"orders page 400", "/api/admin/orders?page=400"},
		{"orders page 400 by its place", "/api/admin/orders?page=400&after=" + page400},
		{"orders by e-mail", "/api/admin/orders?q=" + mail},
		{"orders by number", "/api/admin/orders?q=" + number},
		{"orders by name", "/api/admin/orders?q=Mina%20Sato"},
		{"orders refunded", "/api/admin/orders?paymentStatus=refunded,partially_refunded"},
		{"orders to ship", "/api/admin/orders?paymentStatus=paid&fulfillmentStatus=unfulfilled"},
		{"orders of a month", "/api/admin/orders?from=" + month.Format(time.DateOnly) + "&to=" + month.AddDate(0, 1, 0).Format(time.DateOnly)},
		{"orders by total", "/api/admin/orders?sort=-totalCents"},
		{"order page", "/api/admin/orders/" + number},
		{"customers list", "/api/admin/customers"},
		{"customers by e-mail", "/api/admin/customers?q=" + cust.Email},
		{"customers by name", "/api/admin/customers?q=noor%20sato"},
		{"customer page", "/api/admin/customers/" + cust.ID},
		{"books list", "/api/admin/books"},
		{"books search", "/api/admin/books?q=lantern"},
		{"audit log", "/api/admin/audit"},
		{"audit by action", "/api/admin/audit?kind=order"},
		{"sales dashboard", "/api/admin/sales"},
	}
	for _, r := range routes {
		if !strings.Contains(r.name, only) {
			continue
		}
		cpu := cpuTime(pid)
		var took []time.Duration
		for range rounds {
			start := time.Now()
			if err := l.getAs(token, r.path, nil); err != nil {
				return fmt.Errorf("%s: %w", r.name, err)
			}
			took = append(took, time.Since(start))
		}
		perRequest := (cpuTime(pid) - cpu) / time.Duration(rounds)
		slices.Sort(took)
		fmt.Printf("year %-22s p50 %6.1f ms  p99 %6.1f ms  cpu %5.1f ms  load %s\n", r.name, ms(took[len(took)/2]), ms(took[(len(took)*99)/100]),
			ms(perRequest), loadAvg())
	}
	if strings.Contains("audit to the end", only) {
		if err := l.auditToTheEnd(token); err != nil {
			return err
		}
	}
	if strings.Contains("orders CSV", only) {
		return l.exportCSV(token, pid)
	}
	return nil
}

// owner signs up an account, makes it the shop's owner in the database and
// returns its access token after the second step (aal2).
func (l *loader) owner() (string, error) {
	accounts, err := l.accounts(1)
	if err != nil {
		return "", err
	}
	ctx := context.Background()
	d, err := db.Open(ctx, l.databaseURL())
	if err != nil {
		return "", err
	}
	_, err = d.ExecContext(ctx, `UPDATE profiles SET role = 'owner' WHERE email = ?`, accounts[0].email)
	d.Close()
	if err != nil {
		return "", err
	}
	return l.twoStep(accounts[0])
}

// cpuTime is the CPU (user and system) the process has used, 0 if unknown.
func cpuTime(pid int) time.Duration {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command's name, which is in parentheses:
	// utime and stime are the 12th and 13th, in clock ticks (100 a second).
	_, rest, _ := strings.Cut(string(stat), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0
	}
	user, _ := strconv.ParseInt(f[11], 10, 64)
	system, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(user+system) * 10 * time.Millisecond
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func loadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// ordersTo400 follows the order list's nextCursor from its first page to
// its 400th (or its last, on a smaller shop), 25 orders a page, and returns
// the place of the page reached.
func (l *loader) ordersTo400(token string) (string, error) {
	start := time.Now()
	var pages []time.Duration
	next := ""
	for len(pages) < 399 {
		var page struct{ NextCursor *string }
		t := time.Now()
		if err := l.getAs(token, "/api/admin/orders?perPage=25"+next, &page); err != nil {
			return "", err
		}
		pages = append(pages, time.Since(t))
		if page.NextCursor == nil {
			break
		}
		next = "&after=" + *page.NextCursor
	}
	first, last := pages[0], pages[len(pages)-1]
	slices.Sort(pages)
	fmt.Printf("year orders paged to 400  %d Next in %.1f s, first %.1f ms, last %.1f ms, p99 %.1f ms  load %s\n",
		len(pages), time.Since(start).Seconds(), ms(first), ms(last), ms(pages[(len(pages)*99)/100]), loadAvg())
	return strings.TrimPrefix(next, "&after="), nil
}

// auditToTheEnd pages the whole audit log by its cursor, 100 at a time.
func (l *loader) auditToTheEnd(token string) error {
	start := time.Now()
	var pages []time.Duration
	next := ""
	for {
		var page struct {
			Entries    []struct{ ID int64 }
			NextCursor *string
		}
		t := time.Now()
		if err := l.getAs(token, "/api/admin/audit?limit=100"+next, &page); err != nil {
			return err
		}
		pages = append(pages, time.Since(t))
		if page.NextCursor == nil {
			break
		}
		next = "&before=" + *page.NextCursor
	}
	first, last := pages[0], pages[len(pages)-1]
	slices.Sort(pages)
	fmt.Printf("year audit to the end    %d pages in %.1f s, first %.1f ms, last %.1f ms, p99 %.1f ms  load %s\n",
		len(pages), time.Since(start).Seconds(), ms(first), ms(last), ms(pages[(len(pages)*99)/100]), loadAvg())
	return nil
}

// exportCSV downloads the orders' CSV and reads the shop's RSS meanwhile.
func (l *loader) exportCSV(token string, pid int) error {
	now := time.Now().UTC()
	req, _ := http.NewRequest(http.MethodGet, l.base+"/api/admin/orders/export.csv?from="+now.AddDate(0, 0, -365).Format(time.DateOnly)+
		"&to="+now.Format(time.DateOnly), nil)
	req.Header.Set("Authorization", "Bearer "+token)
	peak := rssKB(pid)
	before, cpu := peak, cpuTime(pid)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
				if kb := rssKB(pid); kb > peak {
					peak = kb
				}
			}
		}
	}()
	start := time.Now()
	client := &http.Client{Timeout: 5 * time.Minute}
	resp, err := client.Do(req)
	if err != nil {
		close(done)
		return err
	}
	lines, size := 0, int64(0)
	buf := make([]byte, 64<<10)
	for {
		k, err := resp.Body.Read(buf)
		size += int64(k)
		for _, c := range buf[:k] {
			if c == '\n' {
				lines++
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			close(done)
			return err
		}
	}
	resp.Body.Close()
	close(done)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("export: %d", resp.StatusCode)
	}
	fmt.Printf("year orders CSV          %d lines, %.1f MB in %.1f s, cpu %.1f s, RSS %d MB before, peak %d MB  load %s\n",
		lines, float64(size)/1e6, time.Since(start).Seconds(), (cpuTime(pid) - cpu).Seconds(), before/1024, peak/1024, loadAvg())
	return nil
}

// getAs GETs path with the access token and decodes a 200's JSON into out.
func (l *loader) getAs(token, path string, out any) error {
	req, err := http.NewRequest(http.MethodGet, l.base+path, nil)
	if err != nil {
		return err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := l.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("GET %s: %d %s", path, resp.StatusCode, b)
	}
	if out == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		return err
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
