package games

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Store reads and writes the published configuration and its pictures.
type Store struct{ db *db.DB }

// NewStore wraps d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Config is the published configuration; empty lists when none was saved.
func (s *Store) Config(ctx context.Context) (Config, error) {
	var doc string
	err := s.db.QueryRowContext(ctx, `SELECT document FROM game_config WHERE id = 1`).Scan(&doc)
	if db.IsNoRows(err) {
		return Config{GameImages: []GameImage{}, DifferencePairs: []Pair{}}, nil
	}
	if err != nil {
		return Config{}, err
	}
	var c Config
	if err := json.Unmarshal([]byte(doc), &c); err != nil {
		return Config{}, err
	}
	return c, nil
}

// SaveConfig validates c, checks that every picture it names is stored,
// and replaces the published configuration.
func (s *Store) SaveConfig(ctx context.Context, c *Config) error {
	if err := c.Validate(); err != nil {
		return err
	}
	doc, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, u := range c.imageURLs() {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM game_images WHERE hash = ?`, HashOfURL(u)).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return httpx.Invalid("The game configuration is not valid.", map[string]string{"images": "A picture it names was never uploaded"})
			}
		}
		now := time.Now().UTC()
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_config (id, document, updated_at) VALUES (1, ?, ?)
			ON CONFLICT (id) DO UPDATE SET document = excluded.document, updated_at = excluded.updated_at`, string(doc), now); err != nil {
			return err
		}
		return deleteUnusedPictures(ctx, tx, c.imageURLs())
	})
}

// deleteUnusedPictures removes the stored pictures the published
// configuration no longer names, so replaced pictures do not pile up.
func deleteUnusedPictures(ctx context.Context, tx *db.Tx, keep []string) error {
	if len(keep) == 0 {
		_, err := tx.ExecContext(ctx, `DELETE FROM game_images`)
		return err
	}
	args := make([]any, len(keep))
	for i, u := range keep {
		args[i] = HashOfURL(u)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(keep)), ", ")
	_, err := tx.ExecContext(ctx, `DELETE FROM game_images WHERE hash NOT IN (`+marks+`)`, args...)
	return err
}

func (c *Config) imageURLs() []string {
	var urls []string
	for _, img := range c.GameImages {
		urls = append(urls, img.ImageURL)
	}
	for _, p := range c.DifferencePairs {
		urls = append(urls, p.Image1URL, p.Image2URL)
	}
	return urls
}

// SavePicture stores p once; the same bytes uploaded again are the same row.
func (s *Store) SavePicture(ctx context.Context, p Picture) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO game_images (hash, content_type, data, width, height, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING`, p.Hash, p.ContentType, p.Data, p.Width, p.Height, time.Now().UTC())
	return err
}

// Picture is a stored picture by its hash.
func (s *Store) Picture(ctx context.Context, hash string) (Picture, error) {
	p := Picture{Hash: hash}
	err := s.db.QueryRowContext(ctx, `SELECT content_type, data, width, height FROM game_images WHERE hash = ?`, hash).
		Scan(&p.ContentType, &p.Data, &p.Width, &p.Height)
	if db.IsNoRows(err) {
		return Picture{}, httpx.NotFound("Picture")
	}
	return p, err
}
