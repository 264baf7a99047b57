package catalog

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"bookshop/internal/httpx"
)

// Covers in bulk: an import may be a ZIP file of the books' CSV file and
// their cover pictures, in any folders. A row's picture is the file its
// cover column names, or else the one named by its ISBN (9781915842015.jpg);
// each is checked and re-encoded as an editor's upload is (internal/covers),
// and becomes the book's coverImage.

// Bounds of a ZIP file: its size as sent, the number of files in it, and
// the size of each unpacked (a picture as an upload's, the CSV as a plain
// import's); a file's declared size is checked again as it is read.
const (
	MaxImportZipBytes = 64 << 20
	maxZipEntries     = 1000
	maxPictureBytes   = 5 << 20 // an upload's, internal/covers' MaxBytes

	// MaxImportRequestBytes bounds the import's request beyond the
	// server's usual limit, a little over the ZIP file's, so that the
	// handler's own words tell a file too large.
	MaxImportRequestBytes = MaxImportZipBytes + 1<<20
)

// zipMediaTypes are the types a browser sends a .zip file with.
var zipMediaTypes = []string{"application/zip", "application/x-zip-compressed", "application/x-zip"}

// zipImport is what a ZIP file holds: the CSV file's name and bytes, and
// its other files, the pictures, by their names in it.
type zipImport struct {
	csvName  string
	csv      []byte
	pictures map[string]*zip.File
	names    []string // the pictures' names, in the file's order
}

// readZip opens a ZIP file and reads its CSV file; a file that breaks a
// bound or whose names leave its folder is refused with a 4xx naming it.
func readZip(w http.ResponseWriter, r *http.Request) (*zipImport, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxImportZipBytes))
	if errors.As(err, new(*http.MaxBytesError)) {
		return nil, httpx.Errorf(httpx.CodeTooLarge, "The ZIP file is larger than %d MB. Import it in parts.", MaxImportZipBytes>>20)
	}
	if err != nil {
		return nil, httpx.Errorf(httpx.CodeInvalid, "The file could not be read.")
	}
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) { // names are checked below, with their words
		return nil, fileError("The file is not a ZIP file, or it is damaged: make the ZIP file again.")
	}
	if len(zr.File) > maxZipEntries {
		return nil, fileError(fmt.Sprintf("The ZIP file holds more than %d files. Import it in parts.", maxZipEntries))
	}
	z := &zipImport{pictures: map[string]*zip.File{}}
	var csvFile *zip.File
	for _, f := range zr.File {
		name := f.Name
		if !filepath.IsLocal(name) || strings.Contains(name, `\`) || httpx.HasControl(name) {
			return nil, fileError(fmt.Sprintf("The ZIP file holds %q, a name that leads out of its folder. Make the ZIP file again from the folder of the CSV file and its pictures.", truncate(name, 80)))
		}
		base := path.Base(name)
		if f.FileInfo().IsDir() || strings.HasPrefix(name, "__MACOSX/") || strings.HasPrefix(base, ".") {
			continue // folders, and the Finder's and the shell's hidden files
		}
		if z.pictures[name] != nil || (csvFile != nil && csvFile.Name == name) {
			return nil, fileError(fmt.Sprintf("The ZIP file holds %s twice.", name))
		}
		if strings.EqualFold(path.Ext(name), ".csv") {
			if csvFile != nil {
				return nil, fileError(fmt.Sprintf("The ZIP file holds two CSV files, %s and %s: keep the one of the books.", csvFile.Name, name))
			}
			csvFile = f
			continue
		}
		if f.UncompressedSize64 > maxPictureBytes {
			return nil, fileError(fmt.Sprintf("%s is larger than %d MB: a cover picture must be at most %d MB.", name, maxPictureBytes>>20, maxPictureBytes>>20))
		}
		z.pictures[name] = f
		z.names = append(z.names, name)
	}
	if csvFile == nil {
		return nil, fileError("The ZIP file holds no CSV file: put the books' CSV file in it beside their covers.")
	}
	if csvFile.UncompressedSize64 > MaxImportBytes {
		return nil, httpx.Errorf(httpx.CodeTooLarge, "%s is larger than 2 MB. Import it in parts.", csvFile.Name)
	}
	z.csvName = csvFile.Name
	if z.csv, err = readEntry(csvFile, MaxImportBytes); err != nil {
		return nil, err
	}
	return z, nil
}

func fileError(msg string) error { return httpx.Invalid(msg, map[string]string{"file": msg}) }

// readEntry unpacks one file of a ZIP file, at most limit bytes whatever
// its header says.
func readEntry(f *zip.File, limit int64) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, fileError(fmt.Sprintf("%s could not be unpacked: make the ZIP file again.", f.Name))
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, fileError(fmt.Sprintf("%s could not be unpacked: make the ZIP file again.", f.Name))
	}
	if int64(len(data)) > limit {
		return nil, fileError(fmt.Sprintf("%s is larger than its ZIP file says.", f.Name))
	}
	return data, nil
}

// pictureSet finds a row's picture in a ZIP file and re-encodes it, once
// per file; keep stores it as an upload (a real import) with actorID.
type pictureSet struct {
	z       *zipImport
	store   CoverStore
	actorID string
	keep    bool
	// stored: the pictures were kept before the import's transaction,
	// which must not wait for another (a SQLite database has one writer).
	stored bool
	done   map[string]pictureResult
}

type pictureResult struct{ url, problem string }

// RowCover is the picture a row of a ZIP import gives its book.
type RowCover struct {
	File       string `json:"file"`
	CoverImage string `json:"coverImage"`
}

// PictureNote names a picture of a ZIP file that no row uses.
type PictureNote struct {
	File    string `json:"file"`
	Problem string `json:"problem"`
}

// noMatch is what the report says of a picture no row uses.
const noMatch = "No book matched this picture: name it by a book's ISBN (9781915842015.jpg), or write its name in the cover column."

// find is the name of the picture for a row: the one its cover cell
// names (by its path in the ZIP file, or by its name alone when no other
// picture has it), or else the one named by its ISBN's digits. A problem
// is for the row's cover column.
func (ps *pictureSet) find(cell, isbn string) (name, problem string) {
	if cell = strings.TrimSpace(cell); cell != "" {
		if ps.z.pictures[cell] != nil {
			return cell, ""
		}
		var same []string
		for _, n := range ps.z.names {
			if path.Base(n) == cell {
				same = append(same, n)
			}
		}
		switch len(same) {
		case 0:
			return "", fmt.Sprintf("The ZIP file has no picture named %s.", truncate(cell, 80))
		case 1:
			return same[0], ""
		}
		return "", fmt.Sprintf("The ZIP file has %d pictures named %s: write its folder too, as in %s.", len(same), cell, same[0])
	}
	if isbn = isbnDigits(isbn); isbn == "" {
		return "", ""
	}
	var same []string
	for _, n := range ps.z.names {
		base := path.Base(n)
		if strings.TrimSuffix(base, path.Ext(base)) == isbn {
			same = append(same, n)
		}
	}
	if len(same) > 1 {
		return "", fmt.Sprintf("The ZIP file has %d pictures for this ISBN (%s): keep one.", len(same), strings.Join(same, ", "))
	}
	if len(same) == 1 {
		return same[0], ""
	}
	return "", ""
}

// encode checks and re-encodes a picture as an upload is: its URL, or the
// reason it cannot be a cover. A busy server is the import's error.
func (ps *pictureSet) encode(ctx context.Context, name string) (pictureResult, error) {
	if res, ok := ps.done[name]; ok {
		return res, nil
	}
	if ps.stored { // a row matched another picture since: the catalogue changed
		return pictureResult{problem: "The catalog changed during the import: import the file again."}, nil
	}
	data, err := readEntry(ps.z.pictures[name], maxPictureBytes)
	if err != nil {
		return pictureResult{}, err
	}
	url, err := ps.store.UploadURL(ctx, data, ps.actorID, ps.keep)
	var he *httpx.Error
	switch {
	case err == nil:
		ps.done[name] = pictureResult{url: url}
	case errors.As(err, &he) && he.Status() < 500:
		ps.done[name] = pictureResult{problem: he.Message}
	default:
		return pictureResult{}, err
	}
	return ps.done[name], nil
}

// pictureFor gives a planned row its picture: the book's coverImage
// becomes the picture's URL, or the row gets the picture's problem under
// cover. used collects the pictures rows take.
func (ps *pictureSet) pictureFor(ctx context.Context, f map[string]string, b *AdminBook, row *ImportRow, used map[string]bool) error {
	name, problem := ps.find(f[coverColumn], b.ISBN)
	if problem != "" {
		row.Errors[coverColumn] = problem
	}
	if name == "" {
		return nil
	}
	used[name] = true
	res, err := ps.encode(ctx, name)
	if err != nil {
		return err
	}
	if res.problem != "" {
		row.Errors[coverColumn] = name + ": " + res.problem
		return nil
	}
	b.CoverImage = res.url
	row.Cover = &RowCover{File: name, CoverImage: res.url}
	return nil
}

// unused lists the pictures no row took.
func (ps *pictureSet) unused(used map[string]bool) []PictureNote {
	notes := []PictureNote{}
	for _, n := range ps.z.names {
		if !used[n] {
			notes = append(notes, PictureNote{File: n, Problem: noMatch})
		}
	}
	slices.SortFunc(notes, func(a, b PictureNote) int { return strings.Compare(a.File, b.File) })
	return notes
}
