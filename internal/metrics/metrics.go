// Package metrics is the shop's Prometheus metrics (issue 40): one registry
// of its own (never client_golang's global one, which any imported library
// may fill), the HTTP middleware that counts requests by route, and the
// small hooks the features report through. Features never import it:
// internal/server hands each feature a function of its own types that
// calls these methods, and adds collectors that read a feature's state
// when Prometheus scrapes.
//
// Labels stay few: a route is its pattern, never the raw path; a status is
// its class (2xx, 4xx, ...); an operation or outcome is one of a fixed set.
package metrics

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

const namespace = "bookshop"

// Metrics is the registry and the metrics the shop updates as it works.
type Metrics struct {
	reg *prometheus.Registry

	requests *prometheus.CounterVec   // route, status
	duration *prometheus.HistogramVec // route

	pageCache *prometheus.CounterVec   // result: hit, miss
	renders   *prometheus.HistogramVec // outcome: rendered, failed
	paypal    *prometheus.HistogramVec // operation, outcome
	webhooks  *prometheus.CounterVec   // result

	handler http.Handler
}

// New makes the registry with the Go runtime's and the process's
// collectors and the shop's own metrics.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "http_requests_total",
		Help: "HTTP requests by route pattern and status class.",
	}, []string{"route", "status"})
	// Without the status: a histogram per route and class would multiply
	// the series by the buckets for little; the 5xx rate is the counter's.
	m.duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: namespace, Name: "http_request_duration_seconds",
		Help:    "Time from a request's arrival to its handler's return, by route pattern.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"route"})
	m.pageCache = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "page_cache_lookups_total",
		Help: "Lookups of rendered public pages in the page cache, by result (hit, miss).",
	}, []string{"result"})
	m.renders = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: namespace, Name: "page_render_duration_seconds",
		Help:    "Renders of public pages by the page engine, by outcome (rendered, failed).",
		Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"outcome"})
	m.paypal = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: namespace, Name: "paypal_api_call_duration_seconds",
		Help:    "Calls of PayPal's REST API by operation and outcome (ok, refused: a 4xx, failed: a 5xx, unreachable).",
		Buckets: []float64{.1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"operation", "outcome"})
	m.webhooks = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: namespace, Name: "paypal_webhooks_total",
		Help: "PayPal webhook deliveries by result (applied, duplicate, ignored, unknown_order, or the refusal).",
	}, []string{"result"})
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.duration, m.pageCache, m.renders, m.paypal, m.webhooks,
	)
	// Uncompressed: the server's own middleware (httpx.Compress) gzips the
	// response for a client that asks, once.
	m.handler = promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{DisableCompression: true, Timeout: 10 * time.Second})
	return m
}

// Register adds collectors that read state when Prometheus scrapes (the
// database pools, the outbox, the backups).
func (m *Metrics) Register(cs ...prometheus.Collector) { m.reg.MustRegister(cs...) }

// Registry is the registry, for tests to gather from.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler { return m.handler }

// PageCacheLookup counts a lookup of a rendered page in the cache.
func (m *Metrics) PageCacheLookup(hit bool) {
	result := "miss"
	if hit {
		result = "hit"
	}
	m.pageCache.WithLabelValues(result).Inc()
}

// PageRendered records one rendering by the page engine.
func (m *Metrics) PageRendered(took time.Duration, err error) {
	outcome := "rendered"
	if err != nil {
		outcome = "failed"
	}
	m.renders.WithLabelValues(outcome).Observe(took.Seconds())
}

// PayPalCall records one call of PayPal's API (operation and outcome are
// the paypal package's fixed names).
func (m *Metrics) PayPalCall(operation, outcome string, took time.Duration) {
	m.paypal.WithLabelValues(operation, outcome).Observe(took.Seconds())
}

// PayPalWebhook counts one webhook delivery by its result.
func (m *Metrics) PayPalWebhook(result string) { m.webhooks.WithLabelValues(result).Inc() }
