package render

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
)

// BenchmarkRender renders pages with one VM (`make bench`); the engine's
// table in docs/performance.md came from the same pages.
func BenchmarkRender(b *testing.B) {
	r, err := New(Options{VMs: 1})
	if err != nil {
		b.Skip(err)
	}
	defer r.Close()
	catalogue := func(n int) map[string]any {
		var books []map[string]any
		for i := 1; i <= n; i++ {
			books = append(books, book(i, fmt.Sprintf("Volume %d of the Tiger Tales", i), 999))
		}
		// Encoded once, as the server would for a catalogue version.
		encoded, _ := json.Marshal(books)
		data := responses()
		data["/api/books"] = json.RawMessage(encoded)
		data[firstPage] = map[string]any{"books": json.RawMessage(encoded), "total": n}
		return data
	}
	for _, c := range []struct {
		name, url string
		books     int
	}{{"home", "/", 10}, {"books", "/books", 10}, {"book", "/books/3", 10}, {"faq", "/faq", 10}, {"not-found", "/nope", 10}, {"books-200", "/books", 200}} {
		data := catalogue(c.books)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := r.Render(context.Background(), c.url, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
