package backup

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"sync"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// MaxUploadBytes bounds an uploaded archive (POST /api/admin/backups/upload).
const MaxUploadBytes = 8 << 30

// Hooks are what an online restore needs of the rest of the shop.
type Hooks struct {
	// PauseJobs stops the background jobs (they would write into the
	// database being replaced) and returns what starts them again.
	PauseJobs func() (resume func())
	// Reload makes every cache of the database's contents read it again
	// (the catalogue's snapshot, the shop settings).
	Reload func(ctx context.Context) error
}

// Service is the back office's Backups screen: /api/admin/backups.
type Service struct {
	keeper   *Keeper
	schedule *Schedule
	db       *db.DB
	gate     *Gate
	hooks    Hooks
	now      func() time.Time

	mu      sync.Mutex
	making  bool          // a "Back up now" is running in this instance
	restore RestoreStatus // the last online restore of this instance
}

// RestoreStatus tells the screen how the last online restore went.
type RestoreStatus struct {
	State      string     `json:"state"` // "", "restoring", "done", "failed"
	ID         string     `json:"id,omitempty"`
	Error      string     `json:"error,omitempty"`
	PreRestore string     `json:"preRestore,omitempty"` // the id of the snapshot of what was replaced
	At         *time.Time `json:"at,omitempty"`
}

// NewService serves the Backups screen over schedule (its keeper and
// database) behind gate.
func NewService(schedule *Schedule, gate *Gate, hooks Hooks) *Service {
	return &Service{keeper: schedule.Keeper, schedule: schedule, db: schedule.DB, gate: gate, hooks: hooks, now: schedule.Now}
}

var (
	errNoFolder = httpx.Errorf(httpx.CodeConflict, "Backups are not set up: set BACKUP_DIR, the folder of the archives.")
	errNotFound = httpx.NotFound("backup")
	errBusy     = httpx.Errorf(httpx.CodeConflict, "A backup is being made. Wait for it to finish, then try again.")
)

// List responds to GET /api/admin/backups.
func (s *Service) List(w http.ResponseWriter, r *http.Request) error {
	if s.keeper.Dir == "" {
		return errNoFolder
	}
	list, err := s.keeper.List(r.Context())
	if err != nil {
		return httpx.Errorf(httpx.CodeBadGateway, "The backups could not be listed: %v", err)
	}
	var st state
	if err := st.read(r.Context(), s.db); err != nil {
		return err
	}
	s.mu.Lock()
	making, restore := s.making, s.restore
	s.mu.Unlock()
	out := map[string]any{
		"backups": list, "making": making, "restore": restore,
		"schedule": map[string]any{
			"every": s.schedule.Every.String(), "keep": s.keeper.Keep, "encrypted": s.keeper.Recipient != nil,
			"lastSuccessAt": nullTime(st.success), "lastFailureAt": nullTime(st.failure), "lastError": st.lastError,
		},
	}
	if list == nil {
		out["backups"] = []Listed{}
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// Create responds to POST /api/admin/backups: 202, the backup made in the
// background (the screen polls the list); 409 while one is being made.
func (s *Service) Create(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	if s.keeper.Dir == "" {
		return errNoFolder
	}
	won, err := s.schedule.claim(r.Context(), s.now().UTC(), "")
	if err != nil {
		return err
	}
	if !won {
		return errBusy
	}
	s.setMaking(true)
	go func() {
		defer s.setMaking(false)
		ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
		defer cancel()
		a, err := s.schedule.run(ctx)
		entry := audit.Entry{ActorID: c.UserID, Action: "backup.create", Entity: "backup", EntityID: a.ID, After: map[string]any{"size": a.Size}}
		if err != nil {
			entry.Action, entry.After = "backup.create_failed", map[string]any{"error": err.Error()}
		}
		s.record(ctx, entry)
	}()
	return httpx.WriteJSON(w, http.StatusAccepted, map[string]any{"making": true})
}

// Download responds to GET /api/admin/backups/{id}/download with the
// archive, as it is kept (encrypted archives stay encrypted).
func (s *Service) Download(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	body, a, err := s.keeper.Open(r.Context(), r.PathValue("id"))
	if errors.Is(err, ErrNoArchive) {
		return errNotFound
	}
	if err != nil {
		return err
	}
	defer body.Close()
	s.record(r.Context(), audit.Entry{ActorID: c.UserID, Action: "backup.download", Entity: "backup", EntityID: a.ID})
	// A big archive on a slow line takes longer than the server's write timeout.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(time.Hour))
	h := w.Header()
	h.Set("Content-Type", "application/octet-stream")
	h.Set("Content-Disposition", `attachment; filename="`+a.ID+`"`)
	h.Set("Cache-Control", "no-store")
	if a.Size > 0 {
		h.Set("Content-Length", strconv.FormatInt(a.Size, 10))
	}
	_, err = io.Copy(w, body)
	return err
}

// Upload responds to POST /api/admin/backups/upload: the body is an
// archive (from another machine, or downloaded earlier), checked and kept
// in the folder under its own name, to be restored like any listed one.
func (s *Service) Upload(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	if s.keeper.Dir == "" {
		return errNoFolder
	}
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(time.Hour))
	a, err := s.keeper.Store(r.Context(), r.Body)
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return httpx.Errorf(httpx.CodeTooLarge, "The archive is larger than %d GiB.", MaxUploadBytes>>30)
	case err != nil:
		return httpx.Invalid(err.Error(), nil)
	}
	s.record(r.Context(), audit.Entry{ActorID: c.UserID, Action: "backup.upload", Entity: "backup", EntityID: a.ID, After: map[string]any{"size": a.Size}})
	return httpx.WriteJSON(w, http.StatusCreated, map[string]any{"backup": Listed{Archive: a, Where: []string{s.keeper.Dir}}})
}

// Restore responds to POST /api/admin/backups/{id}/restore: the archive's
// manifest is checked now (400 for one this release cannot restore), then
// 202 and the restore runs with the shop closed (503 and Retry-After to
// every request) until it is done.
func (s *Service) Restore(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.StaffFrom(r.Context())
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	if err := s.precheck(r.Context(), id); err != nil {
		return err
	}
	s.mu.Lock()
	if s.making || s.restore.State == "restoring" {
		s.mu.Unlock()
		return errBusy
	}
	at := s.now().UTC()
	s.restore = RestoreStatus{State: "restoring", ID: id, At: &at}
	s.mu.Unlock()
	go s.restoreOnline(c.UserID, id)
	return httpx.WriteJSON(w, http.StatusAccepted, map[string]any{"restore": RestoreStatus{State: "restoring", ID: id, At: &at}})
}

// precheck reads the archive's manifest: a foreign, newer or encrypted
// archive (without the identity) is refused before the shop closes.
func (s *Service) precheck(ctx context.Context, id string) error {
	body, _, err := s.keeper.Open(ctx, id)
	if errors.Is(err, ErrNoArchive) {
		return errNotFound
	}
	if err != nil {
		return err
	}
	defer body.Close()
	a, err := openArchive(body, s.keeper.Identities)
	if errors.Is(err, ErrEncrypted) {
		return httpx.Invalid("The archive is encrypted. Restore it with `bookshop restore FILE --identity KEYFILE` while the shop is stopped, or set BACKUP_AGE_IDENTITY.", nil)
	}
	if err == nil {
		err = a.manifest.check(s.db.Dialect)
	}
	if err != nil {
		return httpx.Invalid(err.Error(), nil)
	}
	return nil
}

// restoreOnline closes the shop, restores, brings the schema and the
// caches up to date and opens the shop again, recording the outcome.
func (s *Service) restoreOnline(actorID, id string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	start := time.Now()
	resume := s.hooks.PauseJobs()
	s.gate.close(ctx, time.Minute)
	carried := s.entriesSince(ctx, id)
	got, err := s.restoreArchive(ctx, id)
	if err == nil {
		err = s.carryOver(ctx, carried)
	}
	if reloadErr := s.hooks.Reload(ctx); reloadErr != nil {
		err = errors.Join(err, fmt.Errorf("reload: %w", reloadErr))
	}
	s.gate.open()
	resume()

	status := RestoreStatus{State: "done", ID: id}
	entry := audit.Entry{ActorID: actorID, Action: "backup.restore", Entity: "backup", EntityID: id, After: map[string]any{"rows": got.Manifest.Rows}}
	if got.PreRestore != nil {
		status.PreRestore = got.PreRestore.ID
		entry.Before = map[string]any{"preRestore": got.PreRestore.ID}
	}
	if err != nil {
		slog.ErrorContext(ctx, "backup: online restore failed", "id", id, "err", err)
		status.State, status.Error = "failed", err.Error()
		entry.Action, entry.After = "backup.restore_failed", map[string]any{"error": err.Error()}
	} else {
		slog.InfoContext(ctx, "backup: restored online", "id", id, "took", time.Since(start).Round(time.Millisecond))
	}
	at := s.now().UTC()
	status.At = &at
	s.record(ctx, entry) // into the restored database: the log goes on from there
	s.mu.Lock()
	s.restore = status
	s.mu.Unlock()
}

func (s *Service) restoreArchive(ctx context.Context, id string) (Restored, error) {
	body, _, err := s.keeper.Open(ctx, id)
	if err != nil {
		return Restored{}, err
	}
	defer body.Close()
	got, err := s.keeper.Restore(ctx, body)
	if err != nil {
		return got, err
	}
	if _, err := s.db.Migrate(ctx); err != nil {
		return got, fmt.Errorf("migrate the restored database: %w", err)
	}
	return got, AfterRestore(ctx, s.db)
}

// entriesSince reads the audit entries of the backups made, downloaded,
// uploaded or restored since the archive id was made. They are about the
// archives, which a restore leaves in place, so they outlive the restore
// of the log that holds them (carryOver); the rest of the log is restored
// as it was, and kept in the pre-restore snapshot.
func (s *Service) entriesSince(ctx context.Context, id string) []audit.Entry {
	a, ok := parseName(id)
	if !ok {
		return nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT at, actor_id, actor_system, action, entity, entity_id, before_json, after_json
		FROM audit_log WHERE action LIKE 'backup.%' AND at >= ? ORDER BY id`, a.CreatedAt.UTC())
	if err != nil {
		slog.ErrorContext(ctx, "backup: read the backups' audit entries", "err", err)
		return nil
	}
	defer rows.Close()
	var out []audit.Entry
	for rows.Next() {
		var e audit.Entry
		var before, after sql.NullString
		if err := rows.Scan(&e.At, &e.ActorID, &e.System, &e.Action, &e.Entity, &e.EntityID, &before, &after); err != nil {
			slog.ErrorContext(ctx, "backup: read the backups' audit entries", "err", err)
			return nil
		}
		if before.Valid {
			e.Before = json.RawMessage(before.String)
		}
		if after.Valid {
			e.After = json.RawMessage(after.String)
		}
		out = append(out, e)
	}
	return out
}

// carryOver writes entries into the restored log.
func (s *Service) carryOver(ctx context.Context, entries []audit.Entry) error {
	if len(entries) == 0 {
		return nil
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		for _, e := range entries {
			if err := audit.Record(ctx, tx, e); err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *Service) setMaking(v bool) {
	s.mu.Lock()
	s.making = v
	s.mu.Unlock()
}

// record writes an audit entry in its own transaction: what it records (a
// file) is not in the database.
func (s *Service) record(ctx context.Context, e audit.Entry) {
	e.At = s.now()
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error { return audit.Record(ctx, tx, e) })
	if err != nil {
		slog.ErrorContext(ctx, "backup: audit", "action", e.Action, "err", err)
	}
}

func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	return &t.Time
}

// Store keeps the archive read from r in the folder under its own name,
// after checking it whole (manifest, schema, checksum).
func (k *Keeper) Store(ctx context.Context, r io.Reader) (Archive, error) {
	if err := os.MkdirAll(k.Dir, 0o750); err != nil {
		return Archive{}, err
	}
	work, err := os.MkdirTemp(k.Dir, ".bookshop-upload-")
	if err != nil {
		return Archive{}, err
	}
	defer os.RemoveAll(work)
	tmp, err := os.Create(work + "/upload")
	if err != nil {
		return Archive{}, err
	}
	_, err = io.Copy(tmp, r)
	if err = errors.Join(err, tmp.Close()); err != nil {
		return Archive{}, err
	}
	f, err := os.Open(tmp.Name())
	if err != nil {
		return Archive{}, err
	}
	defer f.Close()
	a, err := openArchive(f, k.Identities)
	if errors.Is(err, ErrEncrypted) {
		return Archive{}, errors.New("the archive is encrypted: restore it with `bookshop restore FILE --identity KEYFILE` while the shop is stopped, or set BACKUP_AGE_IDENTITY")
	}
	if err != nil {
		return Archive{}, err
	}
	if _, err := a.extract(work); err != nil {
		return Archive{}, err
	}
	if err := a.extractFiles(work + "/files"); err != nil {
		return Archive{}, err
	}
	name := "bookshop-" + a.manifest.CreatedAt.UTC().Format(stampLayout) + ".tar.gz"
	if head, _ := peekAge(tmp.Name()); head {
		name += ".age"
	}
	final := k.Dir + "/" + name
	if existing, ok := Find(k.Dir, name); ok {
		return existing, nil // the same backup, kept already
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		return Archive{}, err
	}
	return stat(final)
}

func peekAge(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, len(ageHeader))
	n, _ := io.ReadFull(f, head)
	return string(head[:n]) == ageHeader, nil
}
