package backup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sort"
	"time"

	"filippo.io/age"

	"bookshop/internal/objectstore"
)

// Keeper makes, lists, opens and prunes the shop's archives in its folder
// and, when it has one, its bucket.
type Keeper struct {
	Options
	Keep       int                // archives kept in each place, the newest
	Bucket     *objectstore.Store // nil: the folder only
	Identities []age.Identity     // decrypt archives for an online restore; none: encrypted ones are refused
}

// Listed is an archive and the places that hold it.
type Listed struct {
	Archive
	Where []string `json:"where"`
}

// Backup makes an archive, copies it to the bucket and prunes both places.
// The archive is kept in the folder even when the copy fails (the error
// says so): a backup in one place beats none.
func (k *Keeper) Backup(ctx context.Context) (Archive, error) {
	a, err := Create(ctx, k.Options)
	if err != nil {
		return Archive{}, err
	}
	if k.Bucket != nil {
		if err := k.upload(ctx, a); err != nil {
			return a, fmt.Errorf("the archive %s was made but not copied to the bucket: %w", a.ID, err)
		}
	}
	if err := k.prune(ctx); err != nil {
		slog.WarnContext(ctx, "backup: prune old archives", "err", err)
	}
	return a, nil
}

func (k *Keeper) upload(ctx context.Context, a Archive) error {
	f, err := os.Open(a.Path)
	if err != nil {
		return err
	}
	defer f.Close()
	return k.Bucket.Put(ctx, a.ID, f, a.Size, "application/octet-stream")
}

func (k *Keeper) prune(ctx context.Context) error {
	if k.Keep <= 0 {
		return nil
	}
	_, err := Prune(k.Dir, k.Keep)
	if k.Bucket == nil || err != nil {
		return err
	}
	remote, err := k.remote(ctx)
	if err != nil || len(remote) <= k.Keep {
		return err
	}
	for _, a := range remote[k.Keep:] {
		if err := k.Bucket.Delete(ctx, a.ID); err != nil {
			return err
		}
	}
	return nil
}

// remote lists the bucket's archives, newest first.
func (k *Keeper) remote(ctx context.Context) ([]Archive, error) {
	objs, err := k.Bucket.List(ctx, "")
	if err != nil {
		return nil, err
	}
	var out []Archive
	for _, o := range objs {
		a, ok := parseName(o.Key)
		if ok {
			a.Size = o.Size
			out = append(out, a)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return out, nil
}

// List returns the archives of the folder and the bucket, newest first,
// each with where it is kept. An unreachable bucket is an error: the
// owner must not believe an archive is off-site when nobody could check.
func (k *Keeper) List(ctx context.Context) ([]Listed, error) {
	local, err := List(k.Dir)
	if err != nil {
		return nil, err
	}
	byID := map[string]*Listed{}
	var out []*Listed
	for _, a := range local {
		l := &Listed{Archive: a, Where: []string{k.Dir}}
		byID[a.ID] = l
		out = append(out, l)
	}
	if k.Bucket != nil {
		remote, err := k.remote(ctx)
		if err != nil {
			return nil, err
		}
		for _, a := range remote {
			if l, ok := byID[a.ID]; ok {
				l.Where = append(l.Where, k.Bucket.String())
				continue
			}
			out = append(out, &Listed{Archive: a, Where: []string{k.Bucket.String()}})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	list := make([]Listed, len(out))
	for i, l := range out {
		list[i] = *l
	}
	return list, nil
}

// ErrNoArchive is Open's error for an id neither place holds.
var ErrNoArchive = errors.New("no such backup")

// Open returns the archive named id from the folder, else from the bucket,
// with its size; the caller closes it.
func (k *Keeper) Open(ctx context.Context, id string) (io.ReadCloser, Archive, error) {
	if a, ok := Find(k.Dir, id); ok {
		f, err := os.Open(a.Path)
		return f, a, err
	}
	a, ok := parseName(id)
	if !ok || k.Bucket == nil {
		return nil, Archive{}, ErrNoArchive
	}
	remote, err := k.remote(ctx)
	if err != nil {
		return nil, Archive{}, err
	}
	for _, r := range remote {
		if r.ID == id {
			body, err := k.Bucket.Get(ctx, id)
			if errors.Is(err, objectstore.ErrNotFound) {
				return nil, Archive{}, ErrNoArchive
			}
			return body, r, err
		}
	}
	return nil, a, ErrNoArchive
}

// Restore restores the shop from r (see Restore), its pre-restore
// snapshot made in the folder (and copied to the bucket).
func (k *Keeper) Restore(ctx context.Context, r io.Reader) (Restored, error) {
	got, err := Restore(ctx, RestoreOptions{Options: k.Options, Identities: k.Identities}, r)
	if got.PreRestore != nil && k.Bucket != nil {
		if upErr := k.upload(ctx, *got.PreRestore); upErr != nil {
			slog.WarnContext(ctx, "backup: copy the pre-restore snapshot to the bucket", "err", upErr)
		}
	}
	return got, err
}

// parseName is the archive a file or object name stands for, without its
// path or size.
func parseName(name string) (Archive, bool) {
	m := archiveName.FindStringSubmatch(name)
	if m == nil {
		return Archive{}, false
	}
	at, err := time.Parse(stampLayout, m[1])
	if err != nil {
		return Archive{}, false
	}
	return Archive{ID: name, CreatedAt: at, Encrypted: m[3] != ""}, true
}

// Settings are the configuration's backup settings (internal/config).
type Settings struct {
	DatabaseURL  string
	Dir          string
	Keep         int
	AppVersion   string
	S3URL        string // "": no bucket
	AgeRecipient string // "": archives not encrypted
	AgeIdentity  string // a file of age identities, for restores; "": none
	FilesDir     string // FILES_DIR: the files store's folder
	FilesS3URL   string // FILES_S3_URL: the files are in this bucket instead, and not archived
}

// NewKeeper is the keeper of s.
func NewKeeper(s Settings) (*Keeper, error) {
	k := &Keeper{Options: Options{DatabaseURL: s.DatabaseURL, Dir: s.Dir, AppVersion: s.AppVersion, FilesDir: s.FilesDir}, Keep: s.Keep}
	if s.FilesS3URL != "" {
		// Files in a bucket are not copied into every archive: e-books and
		// audiobooks of 100 MB each, fourteen times over, where the bucket
		// already keeps them durably (turn on its versioning). The manifest
		// names the bucket as their copy.
		bucket, err := objectstore.Open(s.FilesS3URL)
		if err != nil {
			return nil, fmt.Errorf("FILES_S3_URL: %w", err)
		}
		k.FilesDir, k.FilesBucket = "", bucket.String()
	}
	if s.AgeRecipient != "" {
		r, err := ParseRecipient(s.AgeRecipient)
		if err != nil {
			return nil, fmt.Errorf("BACKUP_AGE_RECIPIENT: %w", err)
		}
		k.Recipient = r
	}
	if s.AgeIdentity != "" {
		ids, err := ReadIdentities(s.AgeIdentity)
		if err != nil {
			return nil, fmt.Errorf("BACKUP_AGE_IDENTITY: %w", err)
		}
		k.Identities = ids
	}
	if s.S3URL != "" {
		b, err := objectstore.Open(s.S3URL)
		if err != nil {
			return nil, fmt.Errorf("BACKUP_S3_URL: %w", err)
		}
		k.Bucket = b
	}
	return k, nil
}
