package shopsettings

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/background"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// WatchInterval is how often an instance asks the database whether the
// settings changed, so a save on another instance shows here within it.
const WatchInterval = time.Second

// Service keeps this instance's copy of the settings for the public
// answers (the pages carry them), and saves the back office's changes.
// Pricing reads the database itself (Current is for display only).
type Service struct {
	db  *db.DB
	now func() time.Time

	cur      atomic.Pointer[Settings]
	mu       sync.Mutex // one reload at a time
	onChange []func(Settings)
}

// New loads the settings. now is the clock of saves (nil: time.Now).
func New(ctx context.Context, d *db.DB, now func() time.Time) (*Service, error) {
	if now == nil {
		now = time.Now
	}
	s := &Service{db: d, now: now}
	cur, err := Load(ctx, d)
	if err != nil {
		return nil, err
	}
	s.cur.Store(&cur)
	return s, nil
}

// Current is the settings as this instance last read them.
func (s *Service) Current() Settings { return *s.cur.Load() }

// Fresh reads the settings from the database, for pricing an order.
func (s *Service) Fresh(ctx context.Context) (Settings, error) { return Load(ctx, s.db) }

// OnChange registers fn, called with the new settings after each change
// (one call at a time). Register before the server starts.
func (s *Service) OnChange(fn func(Settings)) { s.onChange = append(s.onChange, fn) }

// Refresh reloads the settings if their version moved on.
func (s *Service) Refresh(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	next, err := Load(ctx, s.db)
	if err != nil || next.Version == s.cur.Load().Version {
		return err
	}
	s.cur.Store(&next)
	for _, fn := range s.onChange {
		fn(next)
	}
	return nil
}

// Watch polls the settings' version every interval until ctx ends, and
// reloads when another instance saved them.
func (s *Service) Watch(ctx context.Context, interval time.Duration) {
	background.Every(ctx, interval, "shopsettings: watch for changes", s.Refresh)
}

// PublicSettings is what every visitor may read: each zone's countries,
// tax rates and offered methods (GET /api/shipping, carried by the pages),
// and the United States' print rate, the cart's estimate.
type PublicSettings struct {
	TaxRatePercent json.Number  `json:"taxRatePercent"`
	Zones          []PublicZone `json:"zones"`
}

// PublicZone is a zone with its offered methods.
type PublicZone struct {
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Countries []string       `json:"countries"`
	Tax       TaxRates       `json:"tax"`
	Regions   []RegionTax    `json:"regions"`
	Methods   []PublicMethod `json:"methods"`
}

// PublicMethod is an offered method, without its switch.
type PublicMethod struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	DeliveryTime  string `json:"deliveryTime"`
	PriceCents    int64  `json:"priceCents"`
	FreeOverCents *int64 `json:"freeOverCents"`
}

func publicMethods(z Zone) []PublicMethod {
	out := []PublicMethod{}
	for _, m := range z.Offered() {
		out = append(out, PublicMethod{ID: m.ID, Name: m.Name, DeliveryTime: m.DeliveryTime, PriceCents: *m.PriceCents, FreeOverCents: m.FreeOverCents})
	}
	return out
}

// Public is the settings as every visitor may read them.
func (s Settings) Public() PublicSettings {
	out := PublicSettings{TaxRatePercent: s.USTax().Percent(), Zones: []PublicZone{}}
	for _, z := range s.Zones {
		out.Zones = append(out.Zones, PublicZone{ID: z.ID, Name: z.Name, Countries: z.Countries, Tax: z.Tax, Regions: z.Regions, Methods: publicMethods(z)})
	}
	return out
}

// PublicJSON is the response of GET /api/shipping for the current
// settings, which the pages carry inline.
func (s *Service) PublicJSON() (json.RawMessage, error) { return json.Marshal(s.Current().Public()) }

// GetShipping serves GET /api/shipping.
func (s *Service) GetShipping(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "no-cache")
	return httpx.WriteJSON(w, http.StatusOK, s.Current().Public())
}

// GetShippingMethods serves GET /api/shipping/methods?country=GB&state=:
// the methods offered to that country with their prices, and the tax rates
// of the destination (a state's own where its zone names one) with the
// place they are of.
func (s *Service) GetShippingMethods(w http.ResponseWriter, r *http.Request) error {
	country, state := r.URL.Query().Get("country"), r.URL.Query().Get("state")
	if !isCountryCode(country) {
		return httpx.Invalid("Give the country as its two-letter ISO code, e.g. ?country=GB.", map[string]string{"country": "A two-letter country code"})
	}
	cur := s.Current()
	z := cur.ZoneOf(country)
	tax, place := cur.Tax(country, state)
	w.Header().Set("Cache-Control", "no-cache")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"country": strings.ToUpper(country), "zone": z.ID, "zoneName": z.Name,
		"tax": tax, "taxPlace": place, "methods": publicMethods(z)})
}

func isCountryCode(s string) bool {
	if len(s) != 2 {
		return false
	}
	for _, c := range strings.ToUpper(s) {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

// adminView is the settings as the back office reads and saves them.
type adminView struct {
	Version   int64     `json:"version"`
	Zones     []Zone    `json:"zones"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func viewOf(s Settings) adminView {
	return adminView{Version: s.Version, Zones: s.Zones, UpdatedAt: s.UpdatedAt}
}

// GetAdminSettings serves GET /api/admin/settings (manager, owner).
func (s *Service) GetAdminSettings(w http.ResponseWriter, r *http.Request) error {
	cur, err := Load(r.Context(), s.db)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, viewOf(cur))
}

const staleSettings = "Someone else saved the settings after you opened them. Reload to see their changes, then make yours again."

// UpdateSettings serves PUT /api/admin/settings {version, zones}: the whole settings, saved over the version they were read at (a
// newer one is a 409), with their audit entry.
func (s *Service) UpdateSettings(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	var in input
	if err := httpx.DecodeStrictJSON(r, &in, invalidSettings); err != nil {
		return err
	}
	next, err := in.settings()
	if err != nil {
		return err
	}
	if err := s.replace(r.Context(), c, &next); err != nil {
		return err
	}
	if err := s.Refresh(context.WithoutCancel(r.Context())); err != nil {
		slog.ErrorContext(r.Context(), "shopsettings: reload after a save", "err", err)
	}
	return httpx.WriteJSON(w, http.StatusOK, viewOf(next))
}
