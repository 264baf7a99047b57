package server_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/pquerna/otp/totp"

	"bookshop/internal/apitest"
	"bookshop/internal/config"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/server"
)

// A change of the catalogue made elsewhere (here, straight in the database,
// as another instance would) reaches this instance's pages: a book archived
// there is a 404 here, and the pages' inline catalogue drops it.
func TestCatalogueChangesReachThePages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		cfg, err := config.Load(func(string) (string, bool) { return "", false })
		if err != nil {
			t.Fatal(err)
		}
		app := fstest.MapFS{
			"index.html":  {Data: []byte("<!doctype html><html><head></head><body><div id=root></div></body></html>")},
			"routes.json": {Data: []byte(`{"routes":["/","/books","/books/:id","/categories/:id"]}`)},
		}
		srv, err := server.New(cfg, d, server.WithWebApp(app), server.WithCheapPasswordHashing())
		if err != nil {
			t.Fatal(err)
		}
		base := serve(t, srv)
		if status, body := get(t, base+"/books/3"); status != 200 || !strings.Contains(body, "Our First Adventure") {
			t.Fatalf("before: /books/3 = %d, page inlines the book: %v", status, strings.Contains(body, "Our First Adventure"))
		}
		if _, err := d.ExecContext(context.Background(), `UPDATE books SET status = 'archived' WHERE id = 3`); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ExecContext(context.Background(), `UPDATE catalog_version SET version = version + 1`); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the archived book's page is a 404", func() bool {
			status, _ := get(t, base+"/books/3")
			return status == http.StatusNotFound
		})
		if status, body := get(t, base+"/books"); status != 200 || strings.Contains(body, "Our First Adventure") || !strings.Contains(body, "Nainni") {
			t.Errorf("after: /books = %d, still inlines the archived book: %v", status, strings.Contains(body, "Our First Adventure"))
		}
		if status, _ := get(t, base+"/api/books/3"); status != http.StatusNotFound {
			t.Errorf("after: /api/books/3 = %d", status)
		}
	})
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// Two instances on one PostgreSQL: an editor's change made through one
// shows on the other within a second.
func TestCatalogueChangesReachTheOtherInstance(t *testing.T) {
	databaseURL := dbtest.PostgresURL(t) // skips without TEST_DATABASE_URL
	vars := map[string]string{"DATABASE_URL": databaseURL, "SITE_URL": apitest.SiteURL, "MAILER_AUTOCONFIRM": "true"}
	// B renders its pages, as `bookshop serve` does (skipped without the web build).
	var rendering []server.Option
	if r, err := engine(); err == nil {
		rendering = []server.Option{server.WithWebApp(nil), server.WithRenderer(r)}
	}
	a, b := startInstance(t, databaseURL, vars), startInstance(t, databaseURL, vars, rendering...)
	d := dbtest.Open(t, databaseURL)
	token := editorSession(t, a, d)

	if status, book := b.call(t, "GET", "/api/books/3", nil, ""); status != 200 || book["priceCents"] != 1999.0 {
		t.Fatalf("B before: %d %v", status, book)
	}
	status, saved := a.call(t, "PATCH", "/api/admin/books/3", map[string]any{"version": 1, "priceCents": 2099}, token)
	if status != 200 {
		t.Fatalf("save on A: %d %v", status, saved)
	}
	saveTime := time.Now()
	if _, book := a.call(t, "GET", "/api/books/3", nil, ""); book["priceCents"] != 2099.0 {
		t.Errorf("A right after its save: %v", book)
	}
	waitFor(t, "B shows the new price", func() bool {
		_, book := b.call(t, "GET", "/api/books/3", nil, "")
		return book["priceCents"] == 2099.0
	})
	if took := time.Since(saveTime); took > time.Second {
		t.Errorf("B showed the change after %v, want within 1 s", took)
	}
	if status, page := get(t, b.base+"/books/3"); len(rendering) > 0 && (status != 200 || !strings.Contains(page, "$20.99") || strings.Contains(page, "$19.99")) {
		t.Errorf("B's page of the book does not render the new price: %d", status)
	}

	status, _ = a.call(t, "PATCH", "/api/admin/books/3", map[string]any{"version": 2, "status": "archived"}, token)
	if status != 200 {
		t.Fatalf("archive on A: %d", status)
	}
	saveTime = time.Now()
	waitFor(t, "B answers 404 for the archived book", func() bool {
		status, _ := b.call(t, "GET", "/api/books/3", nil, "")
		return status == http.StatusNotFound
	})
	if took := time.Since(saveTime); took > time.Second {
		t.Errorf("B hid the archived book after %v, want within 1 s", took)
	}
}

// editorSession signs up an editor on in, turns two-step sign-in on and
// returns an aal2 access token, as the back office needs.
func editorSession(t *testing.T, in instance, d *db.DB) string {
	t.Helper()
	const email = "twin-editor@example.com"
	status, session := in.call(t, "POST", "/auth/v1/signup", map[string]any{"email": email, "password": apitest.Password}, "")
	if status != 200 || session["access_token"] == nil {
		t.Fatalf("sign-up: %d %v", status, session)
	}
	if _, err := d.ExecContext(context.Background(), `UPDATE profiles SET role = 'editor' WHERE email = ?`, email); err != nil {
		t.Fatal(err)
	}
	token := session["access_token"].(string)
	_, enrol := in.call(t, "POST", "/auth/v1/factors", map[string]any{"factor_type": "totp", "friendly_name": "phone"}, token)
	factorID, _ := enrol["id"].(string)
	secret, _ := enrol["totp"].(map[string]any)["secret"].(string)
	_, challenge := in.call(t, "POST", "/auth/v1/factors/"+factorID+"/challenge", nil, token)
	code, err := totp.GenerateCode(secret, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	status, verified := in.call(t, "POST", "/auth/v1/factors/"+factorID+"/verify", map[string]any{"challenge_id": challenge["id"], "code": code}, token)
	if status != 200 {
		t.Fatalf("verify the factor: %d %v", status, verified)
	}
	return verified["access_token"].(string)
}
