package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/render"
	"bookshop/internal/server"
)

// renderableApp is a build whose index.html the page engine can render into, with
// a few of the app's routes: a path of none of them is a 404.
var renderableApp = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html><html><head><meta name="description" content="d"><title>t</title>` +
		`<script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root">…<!--/splash--></div></body></html>`)},
	"assets/app-1a2b.js": {Data: []byte("console.log('hi')")},
	"routes.json":        {Data: []byte(`{"routes":["/","/books","/books/:id"]}`)},
}

// tinyEngine is a page engine whose bundle renders every page as one line
// (or script's): readiness and the metrics need an engine, not the app's.
func tinyEngine(t *testing.T, script string) *render.Renderer {
	t.Helper()
	if script == "" {
		script = `var SSR = { loaded: function () { return true }, runTasks: function () { return 0 }, dropTasks: function () {},
			takeConsole: function () { return [] },
			render: function (url) { return Promise.resolve({ html: '<p>' + url + '</p>', head: '', status: 200, title: 'T', description: 'D' }) } };`
	}
	r, err := render.New(render.Options{VMs: 1, Timeout: time.Minute, Script: script})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// renderingEnv is a test server that renders its pages with a tiny engine,
// with the environment's variables in vars.
func renderingEnv(t *testing.T, d *db.DB, vars map[string]string) *apitest.Env {
	t.Helper()
	return apitest.NewEnv(t, d, vars, server.WithWebApp(renderableApp), server.WithRenderer(tinyEngine(t, "")))
}

func TestLivezAndReadyz(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := renderingEnv(t, d, nil)
		e.Do("GET", "/livez", nil, "").Expect(t, http.StatusOK)
		ready := e.Do("GET", "/readyz", nil, "").Expect(t, http.StatusOK)
		if want := `{"checks":{"database":"ok","migrations":"ok","pages":"ok"},"status":"ready"}`; strings.TrimSpace(ready.Body) != want {
			t.Errorf("readyz %s, want %s", ready.Body, want)
		}

		// A migration this build does not know: the schema is another build's.
		if _, err := d.ExecContext(context.Background(), `INSERT INTO schema_migrations (version, applied_at) VALUES ('9999_from_the_future', ?)`, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		ahead := e.Do("GET", "/readyz", nil, "").Expect(t, http.StatusServiceUnavailable)
		if !strings.Contains(ahead.Body, `"migrations":"at 9999_from_the_future, this build expects `) || !strings.Contains(ahead.Body, `"status":"not ready"`) {
			t.Errorf("readyz with a newer schema: %s", ahead.Body)
		}

		d.Close()
		down := e.Do("GET", "/readyz", nil, "").Expect(t, http.StatusServiceUnavailable)
		if !strings.Contains(down.Body, `"database":"unreachable"`) || !strings.Contains(down.Body, `"pages":"ok"`) {
			t.Errorf("readyz with the database closed: %s", down.Body)
		}
		e.Do("GET", "/livez", nil, "").Expect(t, http.StatusOK) // alive all the same: restarting would not help
	})
}

func TestReadyzWaitsForThePageEngine(t *testing.T) {
	broken := tinyEngine(t, `throw new Error('the bundle broke')`)
	e := apitest.NewEnv(t, dbtest.SQLite(t), nil, server.WithWebApp(renderableApp), server.WithRenderer(broken))
	res := e.Do("GET", "/readyz", nil, "").Expect(t, http.StatusServiceUnavailable)
	if !strings.Contains(res.Body, `"pages":"failed to load"`) || !strings.Contains(res.Body, `"database":"ok"`) {
		t.Errorf("readyz with a broken engine: %s", res.Body)
	}
	// A build without an engine serves its pages unrendered from the start: ready.
	plain := apitest.NewEnv(t, dbtest.SQLite(t), nil)
	if res := plain.Do("GET", "/readyz", nil, "").Expect(t, http.StatusOK); !strings.Contains(res.Body, `"pages":"not rendered by this build"`) {
		t.Errorf("readyz without an engine: %s", res.Body)
	}
}
