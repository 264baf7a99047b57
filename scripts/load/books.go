package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"bookshop/internal/db"
)

// The catalogue at scale (issue #27): seed-books adds books to the shop's
// database as the back office would, search measures the search of /books
// on the server, GET /api/books with the spec's filters, and pages the first
// rendering of books' pages.

var (
	seedWords = []string{"Moon", "Tiger", "Garden", "River", "Lantern", "Secret", "Rainbow", "Whisper", "Kite", "Pebble",
		"Dragon", "Meadow", "Star", "Owl", "Cloud", "Forest", "Castle", "Puzzle", "Snow", "Island"}
	seedNames = []string{"Amara Okafor", "Priya Raman", "Hannah Lindqvist", "Tomás Ferreira", "Grace Mwangi", "Oliver Bennett",
		"Leila Haddad", "Mina Park", "Ada Wren", "Kofi Mensah", "Sofia Rossi", "Noah Fischer"}
	seedCategories = []string{"fiction", "non-fiction", "mystery", "fantasy", "romance", "self-help", "education", "children"}
	seedAgeBands   = []string{"0–3", "4–6", "6–8", "8–10", "10–12"}
)

// seedBooks inserts n published books in one transaction, with valid,
// unique ISBNs and slugs, and bumps the catalogue's version so the running
// shop reloads them; then it waits until the shop lists them.
func (l *loader) seedBooks(n int) error {
	ctx := context.Background()
	d, err := db.Open(ctx, "sqlite:"+l.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	rng := rand.New(rand.NewPCG(27, 5000))
	now := time.Now().UTC()
	err = d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		for i := range n {
			title := fmt.Sprintf("The %s and the %s %d", seedWords[rng.IntN(len(seedWords))], seedWords[rng.IntN(len(seedWords))], i+1)
			var stock any // most untracked, some tracked
			if i%5 == 0 {
				stock = rng.IntN(30)
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO books (title, author, description, cover_image, price_cents, rating,
				is_new_release, category_id, pages, isbn, publication_date, status, stock, age_band, slug, version, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'published', ?, ?, ?, 1, ?)`,
				title, seedNames[rng.IntN(len(seedNames))],
				"A story for bedtime and for every time in between, about friendship, courage and wonder. "+
					strings.Repeat("Read it aloud, then read it again. ", 1+rng.IntN(8)),
				fmt.Sprintf("/covers/book-%d.svg", 1+i%10), 499+rng.IntN(2000), float64(30+rng.IntN(21))/10,
				rng.IntN(4) == 0, seedCategories[rng.IntN(len(seedCategories))], 24+rng.IntN(200), seedISBN(i),
				fmt.Sprintf("20%02d-%02d-%02d", 10+rng.IntN(16), 1+rng.IntN(12), 1+rng.IntN(28)), stock,
				seedAgeBands[rng.IntN(len(seedAgeBands))], "load-"+strconv.Itoa(i+1), now)
			if err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `UPDATE catalog_version SET version = version + 1`)
		return err
	})
	if err != nil {
		return fmt.Errorf("seed books: %w", err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var page struct{ Total int }
		if err := l.get("/api/books?perPage=1", &page); err != nil {
			return err
		}
		if page.Total >= n {
			fmt.Printf("seed-books %d books\n", page.Total)
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the shop lists %d books, not the %d seeded", page.Total, n)
		}
	}
}

// seedISBN is the i-th ISBN-13 of the 979-8 range, with its check digit.
func seedISBN(i int) string {
	digits := fmt.Sprintf("9798%08d", i)
	sum := 0
	for j, r := range digits {
		d := int(r - '0')
		if j%2 == 1 {
			d *= 3
		}
		sum += d
	}
	return fmt.Sprintf("979-8-%08d-%d", i, (10-sum%10)%10)
}

// search runs searches as the /books page and a book's page send them
// (web/src/features/catalog/api/search-books.ts), mixing the filters and
// pages, and prints the rate and the 99th percentile of their time. A
// response is read whole and its total checked; its books are not decoded,
// as that would measure this client, which shares the machine's cores.
func (l *loader) search() error {
	queries := []string{
		"maxPrice=25&page=1", // the list as it opens
		"maxPrice=25&page=2", // Load more
		"q=moon&maxPrice=25&page=1", "q=tiger&maxPrice=25&newOnly=1&page=1", "q=Priya&maxPrice=25&page=1",
		"minPrice=10&maxPrice=15&page=1", "maxPrice=25&categories=fantasy%2Cmystery&page=3",
		"q=the&maxPrice=12&categories=fiction&page=1", "q=zzz-nothing&maxPrice=25&page=1",
		"q=kite+4&minPrice=5&maxPrice=25&page=1", "maxPrice=25&categories=children&newOnly=1&page=1",
		"categories=fantasy&perPage=6", // a book's related books
	}
	var mu sync.Mutex
	var times []time.Duration
	rate := l.run(l.workers, func(w int) func() error {
		i := w
		var mine []time.Duration
		return func() error {
			q := queries[i%len(queries)]
			i++
			start := time.Now()
			if err := l.searchOnce("/api/books?" + q); err != nil {
				return err
			}
			mine = append(mine, time.Since(start))
			if len(mine) == 256 {
				mu.Lock()
				times = append(times, mine...)
				mu.Unlock()
				mine = mine[:0]
			}
			return nil
		}
	})
	if len(times) == 0 {
		return fmt.Errorf("no searches measured")
	}
	slices.Sort(times)
	p99 := times[len(times)*99/100]
	fmt.Printf("search %.1f req/s p99 %.2f ms (%d workers) %d requests\n", rate, float64(p99.Microseconds())/1000, l.workers, int(rate*l.duration.Seconds()))
	return nil
}

// searchTotal is the end of a search's response: its total.
var searchTotal = regexp.MustCompile(`\],"total":[0-9]+\}\n$`)

func (l *loader) searchOnce(path string) error {
	resp, err := l.client.Get(l.base + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK || !searchTotal.Match(body) {
		return fmt.Errorf("GET %s: %d %.200s", path, resp.StatusCode, body)
	}
	return nil
}

func (l *loader) get(path string, out any) error {
	resp, err := l.client.Get(l.base + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %d", path, resp.StatusCode)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// pages asks for the pages of n books, spread over the catalogue, one after
// the other, each once: each is rendered for that request (the server keeps a
// rendered page until its data changes), so the times are those of a first
// rendering, without waiting behind another. A page that comes back unrendered
// (the engine failed, and the browser would render it) is an error.
func (l *loader) pages(n int) error {
	var page struct {
		Books []struct{ ID int } `json:"books"`
		Total int                `json:"total"`
	}
	if err := l.get("/api/books?perPage=1", &page); err != nil {
		return err
	}
	var ids []int
	for p := 1; len(ids) < page.Total; p++ {
		if err := l.get("/api/books?perPage=200&page="+strconv.Itoa(p), &page); err != nil {
			return err
		}
		if len(page.Books) == 0 {
			break
		}
		for _, b := range page.Books {
			ids = append(ids, b.ID)
		}
	}
	if len(ids) < n {
		return fmt.Errorf("%d books, fewer than the %d pages asked for", len(ids), n)
	}
	times := make([]time.Duration, 0, n)
	for i := range n {
		path := "/books/" + strconv.Itoa(ids[i*len(ids)/n])
		start := time.Now()
		resp, err := l.client.Get(l.base + path)
		if err != nil {
			return err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		times = append(times, time.Since(start))
		if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`<div id="root" data-ssr>`)) {
			return fmt.Errorf("GET %s: %d, not a rendered page", path, resp.StatusCode)
		}
	}
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	fmt.Printf("pages %d p50 %.2f ms p99 %.2f ms\n", n, ms(times[n/2]), ms(times[n*99/100]))
	return nil
}
