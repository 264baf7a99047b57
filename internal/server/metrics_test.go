package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"bookshop/internal/apitest"
	"bookshop/internal/background"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/mail"
	"bookshop/internal/paypal/paypaltest"
)

const metricsToken = "scrape-token-of-thirty-two-chars!"

func metricsShop(t *testing.T, d *db.DB, token string) *apitest.Env {
	t.Helper()
	return renderingEnv(t, d, map[string]string{"METRICS_TOKEN": token})
}

// /metrics is there only for the holder of METRICS_TOKEN: to anyone else,
// and when the token is unset, it is the same 404 page as any unknown path.
func TestMetricsNeedTheToken(t *testing.T) {
	d := dbtest.SQLite(t)
	e := metricsShop(t, d, metricsToken)
	unknown := e.Do("GET", "/no-such-page", nil, "").Expect(t, http.StatusNotFound)
	for name, auth := range map[string]string{
		"no token":                 "",
		"a wrong token":            "Bearer " + strings.Repeat("x", len(metricsToken)),
		"a token's prefix":         "Bearer " + metricsToken[:20],
		"the token, not as bearer": "Basic " + metricsToken,
	} {
		res := e.Request("GET", "/metrics", nil, "", map[string]string{"Authorization": auth})
		res.Expect(t, http.StatusNotFound)
		if res.Body != unknown.Body || res.Header.Get("Content-Type") != unknown.Header.Get("Content-Type") {
			t.Errorf("%s: not the unknown path's page: %.200s", name, res.Body)
		}
	}
	res := e.Request("GET", "/metrics", nil, "", map[string]string{"Authorization": "bearer " + metricsToken})
	res.Expect(t, http.StatusOK)
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") || !strings.Contains(res.Body, "# TYPE go_goroutines gauge") {
		t.Errorf("metrics: %s\n%.300s", res.Header.Get("Content-Type"), res.Body)
	}

	off := metricsShop(t, dbtest.SQLite(t), "")
	off.Request("GET", "/metrics", nil, "", map[string]string{"Authorization": "Bearer " + metricsToken}).Expect(t, http.StatusNotFound)
}

// After a few requests the scrape holds every family issue 40 names, and a
// request counts under its route's pattern, never its path.
func TestMetricsExposeTheShop(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := metricsShop(t, d, metricsToken)
		e.Do("GET", "/api/books/3", nil, "").Expect(t, http.StatusOK)
		e.Do("GET", "/api/books/999", nil, "").Expect(t, http.StatusNotFound)
		e.Do("GET", "/api/no-such-thing", nil, "").Expect(t, http.StatusNotFound)
		e.Do("GET", "/", nil, "").Expect(t, http.StatusOK) // rendered
		e.Do("GET", "/", nil, "").Expect(t, http.StatusOK) // from the page cache
		e.Do("GET", "/assets/app-1a2b.js", nil, "").Expect(t, http.StatusOK)
		header, body := paypaltest.Event(paypaltest.WebhookID, "WH-METRICS-1", "CHECKOUT.ORDER.APPROVED", map[string]string{"id": "X"})
		hook := map[string]string{}
		for k := range header {
			hook[k] = header.Get(k)
		}
		e.Request("POST", "/api/paypal/webhook", string(body), "", hook).Expect(t, http.StatusOK)

		// The state read at scrape time: a job that passed, an e-mail not
		// sent yet, a backup made.
		jobCtx, stop := context.WithCancel(ctx)
		background.Every(jobCtx, time.Hour, "metrics test: job", func(context.Context) error { stop(); return nil })
		if err := mail.Enqueue(ctx, d, mail.Message{To: "a@example.test", Subject: "Hi", Text: "Hello"}); err != nil {
			t.Fatal(err)
		}
		backedUp := time.Date(2026, 5, 31, 3, 0, 0, 0, time.UTC)
		if _, err := d.ExecContext(ctx, `UPDATE backup_schedule SET last_success_at = ?, last_size = 12345 WHERE id = 1`, backedUp); err != nil {
			t.Fatal(err)
		}

		families := scrape(t, e)
		pools := []string{"sqlite_read", "sqlite_write"}
		if d.Dialect == db.Postgres {
			pools = []string{"postgres"}
		}
		for _, pool := range pools {
			want(t, families, "go_sql_open_connections", map[string]string{"db_name": pool}, -1)
		}
		want(t, families, "bookshop_http_requests_total", map[string]string{"route": "GET /api/books/{id}", "status": "2xx"}, 1)
		want(t, families, "bookshop_http_requests_total", map[string]string{"route": "GET /api/books/{id}", "status": "4xx"}, 1)
		want(t, families, "bookshop_http_requests_total", map[string]string{"route": "unmatched", "status": "4xx"}, 1)
		want(t, families, "bookshop_http_requests_total", map[string]string{"route": "page /", "status": "2xx"}, 2)
		want(t, families, "bookshop_http_requests_total", map[string]string{"route": "static", "status": "2xx"}, 1)
		want(t, families, "bookshop_http_request_duration_seconds", map[string]string{"route": "GET /api/books/{id}"}, 2)
		want(t, families, "bookshop_page_cache_lookups_total", map[string]string{"result": "miss"}, 1)
		want(t, families, "bookshop_page_cache_lookups_total", map[string]string{"result": "hit"}, 1)
		want(t, families, "bookshop_page_render_duration_seconds", map[string]string{"outcome": "rendered"}, 1)
		want(t, families, "bookshop_paypal_api_call_duration_seconds", map[string]string{"operation": "verify_webhook", "outcome": "ok"}, 1)
		want(t, families, "bookshop_paypal_webhooks_total", map[string]string{"result": "ignored"}, 1)
		want(t, families, "bookshop_mail_outbox_unsent", nil, 1)
		want(t, families, "bookshop_mail_outbox_oldest_unsent_age_seconds", nil, -1)
		want(t, families, "bookshop_background_job_last_success_timestamp_seconds", map[string]string{"job": "metrics test: job"}, -1)
		want(t, families, "bookshop_backup_last_success_timestamp_seconds", nil, float64(backedUp.Unix()))
		want(t, families, "bookshop_backup_last_size_bytes", nil, 12345)
		want(t, families, "bookshop_ready", nil, 1)
		want(t, families, "go_goroutines", nil, -1)
		want(t, families, "process_cpu_seconds_total", nil, -1)
		for _, f := range families["bookshop_http_requests_total"].GetMetric() {
			if route := label(f, "route"); strings.Contains(route, "/3") || strings.Contains(route, "999") || strings.Contains(route, "no-such") {
				t.Errorf("a path became a route label: %q", route)
			}
		}
	})
}

func scrape(t *testing.T, e *apitest.Env) map[string]*dto.MetricFamily {
	t.Helper()
	res := e.Request("GET", "/metrics", nil, "", map[string]string{"Authorization": "Bearer " + metricsToken}).Expect(t, http.StatusOK)
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(strings.NewReader(res.Body))
	if err != nil {
		t.Fatalf("the scrape does not parse: %v\n%s", err, res.Body)
	}
	return families
}

// want checks that the family has a series with labels whose value (a
// counter's, a gauge's or a histogram's count) is value; -1: any value.
func want(t *testing.T, families map[string]*dto.MetricFamily, name string, labels map[string]string, value float64) {
	t.Helper()
	f, ok := families[name]
	if !ok {
		t.Errorf("no family %s", name)
		return
	}
	for _, m := range f.GetMetric() {
		if !hasLabels(m, labels) {
			continue
		}
		got := m.GetCounter().GetValue() + m.GetGauge().GetValue() + float64(m.GetHistogram().GetSampleCount())
		if value >= 0 && got != value {
			t.Errorf("%s%v = %v, want %v", name, labels, got, value)
		}
		return
	}
	t.Errorf("%s has no series %v", name, labels)
}

func hasLabels(m *dto.Metric, labels map[string]string) bool {
	for k, v := range labels {
		if label(m, k) != v {
			return false
		}
	}
	return true
}

func label(m *dto.Metric, name string) string {
	for _, l := range m.GetLabel() {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}

// With the database down the scrape still answers: the process's metrics,
// bookshop_ready at 0, and no outbox or backup figures (absent, not zero).
func TestMetricsWithTheDatabaseDown(t *testing.T) {
	d := dbtest.SQLite(t)
	e := metricsShop(t, d, metricsToken)
	d.Close()
	families := scrape(t, e)
	want(t, families, "bookshop_ready", nil, 0)
	want(t, families, "go_goroutines", nil, -1)
	for _, name := range []string{"bookshop_mail_outbox_unsent", "bookshop_backup_last_success_timestamp_seconds"} {
		if _, ok := families[name]; ok {
			t.Errorf("%s reported with the database down", name)
		}
	}
}
