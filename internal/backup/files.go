package backup

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
)

// filesPrefix names the members of the files kept on disk beside the
// database (FILES_DIR: e-books, PDFs, audio; internal/files), by their path
// under that folder.
const filesPrefix = "files/"

// storedFiles lists the files under dir by their slash path, leaving out
// what is not a kept file (a name starting with a dot: uploads being
// spooled, a write under way). No dir: none.
func storedFiles(dir string) ([]string, error) {
	if dir == "" {
		return nil, nil
	}
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == dir {
			return filepath.SkipAll // no file was ever kept
		}
		if err != nil {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") && p != dir {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out, err
}

// checksumFiles adds each file's checksum to sums, under its member name.
func checksumFiles(dir string, names []string, sums map[string]string) error {
	for _, n := range names {
		sum, err := fileSHA256(filepath.Join(dir, filepath.FromSlash(n)))
		if err != nil {
			return fmt.Errorf("stored file %s: %w", n, err)
		}
		sums[filesPrefix+n] = sum
	}
	return nil
}

// writeFiles writes the files as archive members after the database.
func writeFiles(tw *tar.Writer, dir string, names []string, m Manifest) error {
	for _, n := range names {
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(n)))
		if err != nil {
			return err
		}
		st, err := f.Stat()
		if err == nil {
			err = writeMember(tw, filesPrefix+n, f, st.Size(), m.CreatedAt)
		}
		f.Close()
		if err != nil {
			return fmt.Errorf("stored file %s: %w", n, err)
		}
	}
	return nil
}

// safeMember is a files/ member's path under the files folder, or false for
// a name that would leave it.
func safeMember(name string) (string, bool) {
	rel, ok := strings.CutPrefix(name, filesPrefix)
	if !ok || rel == "" || path.Clean(rel) != rel || strings.HasPrefix(rel, "../") || rel == ".." || path.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

// placeFiles moves the unpacked files from staging into dir. The files
// store names each file by its content, so a file already there is the
// same file and stays; what the restored database no longer names stays
// too, unreferenced.
func placeFiles(staging, dir string) error {
	if _, err := os.Stat(staging); errors.Is(err, fs.ErrNotExist) {
		return nil // the archive holds no stored file
	}
	return filepath.WalkDir(staging, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(staging, p)
		dst := filepath.Join(dir, rel)
		if _, err := os.Stat(dst); err == nil {
			return nil
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o750); err != nil {
			return err
		}
		err = os.Rename(p, dst)
		if errors.Is(err, syscall.EXDEV) { // the backup folder on another file system
			return copyInto(p, dst)
		}
		return err
	})
}

func copyInto(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp := filepath.Join(filepath.Dir(dst), ".restore-"+filepath.Base(dst))
	out, err := os.Create(tmp)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if err = errors.Join(err, out.Sync(), out.Close()); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, dst)
}
