package catalog

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"bookshop/internal/background"
	"bookshop/internal/db"
)

// WatchInterval is how often an instance asks the database whether the
// catalogue changed: a change made on another instance sharing the
// database shows here within about this long.
const WatchInterval = 500 * time.Millisecond

// Service is the live catalogue of one instance and its back office: the
// current snapshot behind an atomic pointer, swapped for a new one after
// each change, and the handlers that read and change it.
type Service struct {
	db           *db.DB
	now          func() time.Time
	zone         *time.Location // SHOP_TIME_ZONE: whose days a pre-order counts
	releaseDates ReleaseDates   // told each saved book's date
	covers       CoverStore     // where uploaded covers are stored: a save names one of them

	cur atomic.Pointer[Catalog]
	// mu makes one reload at a time: a caller that waited finds the
	// snapshot already at the version it committed, and reloads nothing.
	mu           sync.Mutex
	onChange     []func(*Catalog)
	reloadQueued atomic.Bool // Changed's reload has not started yet
}

// Parts are what the catalogue's saves tell or check in other features,
// adapted by the server.
type Parts struct {
	Covers       CoverStore   // where uploaded covers are stored
	ReleaseDates ReleaseDates // the pre-orders that move with a book's date
}

// New loads the catalogue. now is the clock of updatedAt, the audit log
// and the day pre-orders end (nil: time.Now); zone is the shop's time
// zone, whose days those are (nil: UTC).
func New(ctx context.Context, d *db.DB, parts Parts, now func() time.Time, zone *time.Location) (*Service, error) {
	if now == nil {
		now = time.Now
	}
	if zone == nil {
		zone = time.UTC
	}
	s := &Service{db: d, covers: parts.Covers, releaseDates: parts.ReleaseDates, now: now, zone: zone}
	cat, err := load(ctx, d, nil, s.today())
	if err != nil {
		return nil, err
	}
	s.cur.Store(cat)
	return s, nil
}

// today is the shop's day now, YYYY-MM-DD.
func (s *Service) today() string { return s.now().In(s.zone).Format(time.DateOnly) }

// Current is the catalogue as it is now. Read it once per request: a later
// call may return a newer snapshot.
func (s *Service) Current() *Catalog { return s.cur.Load() }

// OnChange registers fn, called with each new snapshot right after it
// replaces the old one (one call at a time, before the change's request is
// responded to). Register before the server starts.
func (s *Service) OnChange(fn func(*Catalog)) { s.onChange = append(s.onChange, fn) }

// Refresh reloads the catalogue if its version in the database moved on,
// or the shop's day did (a book's pre-orders end on its day).
func (s *Service) Refresh(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur := s.cur.Load()
	v, err := readVersion(ctx, s.db)
	today := s.today()
	if err != nil || (v == cur.version && today == cur.today) {
		return err
	}
	next, err := load(ctx, s.db, cur, today)
	if err != nil {
		return err
	}
	s.cur.Store(next)
	for _, fn := range s.onChange {
		fn(next)
	}
	return nil
}

// refreshAfter reloads the snapshot after a change this instance committed,
// so the next request sees it. It goes on if the request that made the
// change is gone; should it fail, Watch catches up.
func (s *Service) refreshAfter(ctx context.Context) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := s.Refresh(ctx); err != nil {
		slog.ErrorContext(ctx, "catalog: reload after a change", "err", err)
	}
}

// Changed tells that another feature changed the catalogue in its own
// transaction (an order took stock), once it has committed. The reload runs
// in the background, so the buyer does not wait for it; one reload queued
// covers every change committed before it starts.
func (s *Service) Changed(ctx context.Context) {
	if s.reloadQueued.Swap(true) {
		return
	}
	go func() {
		s.reloadQueued.Store(false)
		s.refreshAfter(ctx)
	}()
}

// Watch polls the catalogue's version every interval until ctx ends, and
// reloads when another instance changed it.
func (s *Service) Watch(ctx context.Context, interval time.Duration) {
	background.Every(ctx, interval, "catalog: watch for changes", s.Refresh)
}

// ReleaseDates is told, in the transaction that saves a book, its
// publication date, so that the pre-orders waiting for it move with it
// (internal/orders, adapted by the server).
type ReleaseDates interface {
	DateSaved(ctx context.Context, tx *db.Tx, bookID int, title, date string) error
}

func (s *Service) dateSaved(ctx context.Context, tx *db.Tx, b *AdminBook) error {
	return s.releaseDates.DateSaved(ctx, tx, b.ID, b.Title, b.PublicationDate)
}
