package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Gauge names one value a State collector reads.
type Gauge struct{ Name, Help string }

// State is a collector of gauges read from the shop's state each time
// Prometheus scrapes (the outbox, the backups), so they are never stale
// and cost nothing between scrapes. The read is bounded by a timeout: a
// slow database makes the scrape miss these gauges, not hang.
type State struct {
	source  string
	timeout time.Duration
	descs   []*prometheus.Desc
	read    func(ctx context.Context) ([]float64, error)
}

// NewState reads gauges with read, which returns one value per gauge in
// order; source names it in the log when it fails.
func NewState(source string, timeout time.Duration, read func(ctx context.Context) ([]float64, error), gauges ...Gauge) *State {
	s := &State{source: source, timeout: timeout, read: read}
	for _, g := range gauges {
		s.descs = append(s.descs, prometheus.NewDesc(prometheus.BuildFQName(namespace, "", g.Name), g.Help, nil, nil))
	}
	return s
}

func (s *State) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range s.descs {
		ch <- d
	}
}

func (s *State) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	values, err := s.read(ctx)
	if err != nil {
		// Left out, not zero: a zero would read as "all is well". An alert
		// on absent() or on /readyz says the database is in trouble.
		slog.Warn("metrics: read "+s.source, "err", err)
		return
	}
	for i, d := range s.descs {
		if i < len(values) {
			ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, values[i])
		}
	}
}

// Timestamps is a collector of one timestamp per name, read from memory
// at each scrape (each background job's last success).
type Timestamps struct {
	desc *prometheus.Desc
	read func() map[string]time.Time
}

// NewTimestamps exports read's times as gauge name{label=key} in Unix seconds.
func NewTimestamps(name, help, label string, read func() map[string]time.Time) *Timestamps {
	return &Timestamps{desc: prometheus.NewDesc(prometheus.BuildFQName(namespace, "", name), help, []string{label}, nil), read: read}
}

func (t *Timestamps) Describe(ch chan<- *prometheus.Desc) { ch <- t.desc }

func (t *Timestamps) Collect(ch chan<- prometheus.Metric) {
	for key, at := range t.read() {
		ch <- prometheus.MustNewConstMetric(t.desc, prometheus.GaugeValue, float64(at.UnixNano())/1e9, key)
	}
}
