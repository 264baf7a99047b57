package games

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/images"
)

// Picture is a stored picture: cleaned bytes under the hash of those bytes.
type Picture struct {
	Hash string
	images.Picture
}

// ConflictMessage is the 409 of a save based on an older version.
const ConflictMessage = "Someone else saved the game settings after you opened them. Reload to see their changes, then make yours again."

// unusedPictureGrace is how long an uploaded picture that no configuration
// names is kept: an admin uploads before saving, and another admin's save in
// between must not take the picture from under them.
const unusedPictureGrace = 24 * time.Hour

// document is what the game_config row keeps; the version is a column.
type document struct {
	HideShopPictures bool        `json:"hideShopPictures"`
	GameImages       []GameImage `json:"gameImages"`
	DifferencePairs  []Pair      `json:"differencePairs"`
}

// readConfig is the published configuration: version 0 with empty lists
// when none was saved yet.
func readConfig(ctx context.Context, q db.Querier) (Config, error) {
	var raw string
	var version int64
	err := q.QueryRowContext(ctx, `SELECT document, version FROM game_config WHERE id = 1`).Scan(&raw, &version)
	if db.IsNoRows(err) {
		return Config{GameImages: []GameImage{}, DifferencePairs: []Pair{}}, nil
	}
	if err != nil {
		return Config{}, err
	}
	var doc document
	if err := json.Unmarshal([]byte(raw), &doc); err != nil {
		return Config{}, err
	}
	c := Config{Version: version, HideShopPictures: doc.HideShopPictures, GameImages: doc.GameImages, DifferencePairs: doc.DifferencePairs}
	if c.GameImages == nil {
		c.GameImages = []GameImage{}
	}
	if c.DifferencePairs == nil {
		c.DifferencePairs = []Pair{}
	}
	return c, nil
}

// saveConfig publishes c, a validated configuration based on c.Version, and
// sets c.Version to the new version. The conditional write comes first: it
// takes the row's write lock, so saves run one after another from there,
// and a save based on an older version changes nothing (409). Then every
// picture c names must be stored (checked after the lock, so no other save
// can delete one before this commits), and the pictures no configuration
// names are deleted once their grace has passed.
func saveConfig(ctx context.Context, tx *db.Tx, c *Config, now time.Time) error {
	raw, err := json.Marshal(document{HideShopPictures: c.HideShopPictures, GameImages: c.GameImages, DifferencePairs: c.DifferencePairs})
	if err != nil {
		return err
	}
	now = now.UTC()
	var n int64
	if c.Version == 0 {
		n, err = exec(ctx, tx, `INSERT INTO game_config (id, document, version, updated_at) VALUES (1, ?, 1, ?)
			ON CONFLICT (id) DO NOTHING`, string(raw), now)
	} else {
		n, err = exec(ctx, tx, `UPDATE game_config SET document = ?, version = version + 1, updated_at = ?
			WHERE id = 1 AND version = ?`, string(raw), now, c.Version)
	}
	if err != nil {
		return err
	}
	if n == 0 {
		return httpx.Errorf(httpx.CodeConflict, ConflictMessage)
	}
	if err := requirePictures(ctx, tx, c); err != nil {
		return err
	}
	c.Version++
	return deleteUnusedPictures(ctx, tx, c.hashes(), now.Add(-unusedPictureGrace))
}

func exec(ctx context.Context, q db.Querier, query string, args ...any) (int64, error) {
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// requirePictures refuses a configuration naming a picture that is not
// stored, naming the list that holds it.
func requirePictures(ctx context.Context, q db.Querier, c *Config) error {
	hashes := c.hashes()
	if len(hashes) == 0 {
		return nil
	}
	rows, err := q.QueryContext(ctx, `SELECT hash FROM game_images WHERE hash IN (`+marks(len(hashes))+`)`, anys(hashes)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	stored := map[string]bool{}
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			return err
		}
		stored[h] = true
	}
	if err := rows.Err(); err != nil {
		return err
	}
	gone := "This picture is no longer stored. Please upload it again."
	fields := map[string]string{}
	for _, img := range c.GameImages {
		if !stored[HashOfURL(img.ImageURL)] {
			fields["gameImages"] = gone
		}
	}
	for _, p := range c.DifferencePairs {
		if !stored[HashOfURL(p.Image1URL)] || !stored[HashOfURL(p.Image2URL)] {
			fields["differencePairs"] = gone
		}
	}
	if len(fields) > 0 {
		return httpx.Invalid(invalidConfig, fields)
	}
	return nil
}

// deleteUnusedPictures removes the stored pictures that keep does not name
// and that were uploaded before cutoff, so replaced pictures do not pile up.
func deleteUnusedPictures(ctx context.Context, q db.Querier, keep []string, cutoff time.Time) error {
	query := `DELETE FROM game_images WHERE created_at < ?`
	if len(keep) > 0 {
		query += ` AND hash NOT IN (` + marks(len(keep)) + `)`
	}
	_, err := q.ExecContext(ctx, query, append([]any{cutoff}, anys(keep)...)...)
	return err
}

// hashes are the stored pictures c names, each once.
func (c *Config) hashes() []string {
	var out []string
	add := func(u string) {
		if h := HashOfURL(u); h != "" && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	for _, img := range c.GameImages {
		add(img.ImageURL)
	}
	for _, p := range c.DifferencePairs {
		add(p.Image1URL)
		add(p.Image2URL)
	}
	return out
}

func marks(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

func anys(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// insertPicture stores p. The same bytes uploaded again are the same row,
// uploaded anew: its grace starts again.
func insertPicture(ctx context.Context, q db.Querier, p Picture, now time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO game_images (hash, content_type, data, width, height, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (hash) DO UPDATE SET created_at = excluded.created_at`,
		p.Hash, p.ContentType, p.Data, p.Width, p.Height, now.UTC())
	return err
}

// readPicture is a stored picture by its hash.
func readPicture(ctx context.Context, q db.Querier, hash string) (Picture, error) {
	p := Picture{Hash: hash}
	err := q.QueryRowContext(ctx, `SELECT content_type, data, width, height FROM game_images WHERE hash = ?`, hash).
		Scan(&p.ContentType, &p.Data, &p.Width, &p.Height)
	if db.IsNoRows(err) {
		return Picture{}, httpx.NotFound("Picture")
	}
	return p, err
}

// replaceConfig publishes c if the configuration is still at c's version,
// audited with the one it replaces.
func (s *Service) replaceConfig(ctx context.Context, caller auth.Caller, c *Config) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		before, err := readConfig(ctx, tx)
		if err != nil {
			return err
		}
		if err := saveConfig(ctx, tx, c, s.now()); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: caller.UserID, Action: "games.config", Entity: "games", EntityID: "config", Before: before, After: *c, At: s.now()})
	})
}

// addPicture keeps an uploaded picture, audited.
func (s *Service) addPicture(ctx context.Context, caller auth.Caller, p Picture) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if err := insertPicture(ctx, tx, p, s.now()); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: caller.UserID, Action: "games.image", Entity: "game_image", EntityID: p.Hash,
			After: map[string]any{"url": ImageURL(p.Hash), "width": p.Width, "height": p.Height}, At: s.now()})
	})
}
