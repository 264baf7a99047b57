package backup

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"filippo.io/age"
)

// ageHeader starts every age file: how an encrypted archive is told apart
// from a plain one without trusting its name.
const ageHeader = "age-encryption.org/v1\n"

// Errors of reading an archive, for messages and tests.
var (
	ErrEncrypted = errors.New("the archive is encrypted with age: give the identity file of its recipient (--identity KEYFILE, or BACKUP_AGE_IDENTITY)")
	ErrChecksum  = errors.New("a checksum does not match: the archive is damaged and was not restored")
	ErrNotBackup = errors.New("the file is not a bookshop backup (a gzip tar with manifest.json first)")
)

// writeArchive writes the tar.gz of the manifest and the database snapshot
// at dbFile (named member inside) to w, encrypted for recipient unless nil.
func writeArchive(w io.Writer, recipient age.Recipient, m Manifest, member, dbFile, filesDir string, files []string) error {
	var aw io.WriteCloser = nopCloser{w}
	if recipient != nil {
		var err error
		if aw, err = age.Encrypt(w, recipient); err != nil {
			return fmt.Errorf("encrypt: %w", err)
		}
	}
	gz, _ := gzip.NewWriterLevel(aw, gzip.BestSpeed) // the database's pages compress well even so; the speed matters on a big shop
	tw := tar.NewWriter(gz)
	body, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := writeMember(tw, manifestName, bytes.NewReader(body), int64(len(body)), m.CreatedAt); err != nil {
		return err
	}
	f, err := os.Open(dbFile)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if err := writeMember(tw, member, f, st.Size(), m.CreatedAt); err != nil {
		return err
	}
	if err := writeFiles(tw, filesDir, files, m); err != nil {
		return err
	}
	return errors.Join(tw.Close(), gz.Close(), aw.Close())
}

func writeMember(tw *tar.Writer, name string, r io.Reader, size int64, at time.Time) error {
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: size, ModTime: at, Typeflag: tar.TypeReg}); err != nil {
		return err
	}
	_, err := io.Copy(tw, r)
	return err
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// archiveReader reads an archive member by member: the manifest first, so
// a newer or foreign archive is refused before its database is unpacked.
type archiveReader struct {
	tr       *tar.Reader
	manifest Manifest
}

// openArchive decrypts r when it is an age file (with one of ids), and
// reads the manifest.
func openArchive(r io.Reader, ids []age.Identity) (*archiveReader, error) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(len(ageHeader))
	var plain io.Reader = br
	if string(head) == ageHeader {
		if len(ids) == 0 {
			return nil, ErrEncrypted
		}
		dec, err := age.Decrypt(br, ids...)
		if err != nil {
			return nil, fmt.Errorf("decrypt the archive: %w (is it the identity of the recipient it was made for?)", err)
		}
		plain = dec
	}
	gz, err := gzip.NewReader(plain)
	if err != nil {
		return nil, ErrNotBackup
	}
	tr := tar.NewReader(gz)
	h, err := tr.Next()
	if err != nil || h.Name != manifestName || h.Size > 1<<20 {
		return nil, ErrNotBackup
	}
	var m Manifest
	if err := json.NewDecoder(tr).Decode(&m); err != nil || m.Format == 0 {
		return nil, ErrNotBackup
	}
	return &archiveReader{tr: tr, manifest: m}, nil
}

// extract unpacks the database member into dir, checking its checksum
// against the manifest's, and returns its path.
func (a *archiveReader) extract(dir string) (string, error) {
	h, err := a.tr.Next()
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrChecksum, err)
	}
	want, listed := a.manifest.SHA256[h.Name]
	if !listed || (h.Name != sqliteName && h.Name != pgDumpName) {
		return "", fmt.Errorf("%w: unexpected member %q", ErrChecksum, h.Name)
	}
	out := filepath.Join(dir, h.Name)
	f, err := os.OpenFile(out, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return "", err
	}
	sum := sha256.New()
	_, err = io.Copy(io.MultiWriter(f, sum), a.tr)
	if err = errors.Join(err, f.Close()); err != nil {
		// A truncated or damaged gzip stream fails here, before any restore.
		return "", fmt.Errorf("%w: %v", ErrChecksum, err)
	}
	if got := hex.EncodeToString(sum.Sum(nil)); got != want {
		return "", fmt.Errorf("%w: %s has sha256 %s, the manifest says %s", ErrChecksum, h.Name, got, want)
	}
	return out, nil
}

// extractFiles unpacks the stored files that follow the database into
// dir, each checked against the manifest, and fails unless every file the
// manifest lists is there.
func (a *archiveReader) extractFiles(dir string) error {
	seen := 0
	for {
		h, err := a.tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%w: %v", ErrChecksum, err)
		}
		rel, ok := safeMember(h.Name)
		want, listed := a.manifest.SHA256[h.Name]
		if !ok || !listed {
			return fmt.Errorf("%w: unexpected member %q", ErrChecksum, h.Name)
		}
		out := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(out), 0o750); err != nil {
			return err
		}
		f, err := os.OpenFile(out, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err != nil {
			return err
		}
		sum := sha256.New()
		_, err = io.Copy(io.MultiWriter(f, sum), a.tr)
		if err = errors.Join(err, f.Close()); err != nil {
			return fmt.Errorf("%w: %v", ErrChecksum, err)
		}
		if got := hex.EncodeToString(sum.Sum(nil)); got != want {
			return fmt.Errorf("%w: %s has sha256 %s, the manifest says %s", ErrChecksum, h.Name, got, want)
		}
		seen++
	}
	if listed := len(a.manifest.SHA256) - 1; seen != listed {
		return fmt.Errorf("%w: %d stored files, the manifest lists %d", ErrChecksum, seen, listed)
	}
	return nil
}

// fileSHA256 is the hex checksum of the file at path.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(sum.Sum(nil)), nil
}
