package files

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"path"
	"strings"

	"bookshop/internal/media"
)

// Kind is what a file is: the store keeps e-books, PDFs and audio.
type Kind string

const (
	KindEPUB  Kind = "epub"
	KindPDF   Kind = "pdf"
	KindAudio Kind = "audio"
)

// kindOfName is the kind a file's name promises, by its extension; the
// content must then keep the promise (check).
func kindOfName(name string) (Kind, bool) {
	switch strings.ToLower(path.Ext(name)) {
	case ".epub":
		return KindEPUB, true
	case ".pdf":
		return KindPDF, true
	case ".mp3", ".m4a", ".m4b", ".ogg", ".opus":
		return KindAudio, true
	}
	return "", false
}

// check reads the size bytes of r as kind and returns the content type to
// store and serve them as, or why they are not that kind.
func check(kind Kind, r io.ReaderAt, size int64) (string, error) {
	switch kind {
	case KindEPUB:
		return "application/epub+zip", checkEPUB(r, size)
	case KindPDF:
		return "application/pdf", checkPDF(r, size)
	case KindAudio:
		f, err := media.DetectAudio(r, size)
		return f.ContentType(), err
	}
	return "", errors.New("it is not an EPUB, a PDF or audio")
}

// epubMimetype is what an EPUB's first entry holds (EPUB 3 OCF, 4.2.3).
const epubMimetype = "application/epub+zip"

// checkEPUB reads an EPUB's ZIP directory: its first entry is "mimetype",
// stored uncompressed at the very start of the file with exactly
// application/epub+zip (what lets a reader recognize it by its first
// bytes), and it has META-INF/container.xml, which names the book's
// package. A ZIP renamed .epub has neither.
func checkEPUB(r io.ReaderAt, size int64) error {
	// A ZIP's first local header names its first entry at byte 30: a
	// renamed ZIP fails here, before its directory is read.
	head := make([]byte, 30+len("mimetype")+len(epubMimetype))
	if n, _ := r.ReadAt(head, 0); n < len(head) || string(head[:4]) != "PK\x03\x04" {
		return errors.New("it is not an EPUB (not a ZIP archive)")
	}
	if string(head[30:38]) != "mimetype" {
		return errors.New("it is not an EPUB: a ZIP whose first entry is not mimetype")
	}
	z, err := zip.NewReader(r, size)
	if err != nil {
		return errors.New("it is not an EPUB: its ZIP directory could not be read")
	}
	first := z.File[0]
	if first.Name != "mimetype" || first.Method != zip.Store {
		return errors.New("it is not an EPUB: its mimetype entry must come first, uncompressed")
	}
	if off, err := first.DataOffset(); err != nil || off != 38 {
		return errors.New("it is not an EPUB: its mimetype entry must come first, without extra fields")
	}
	body, err := first.Open()
	if err != nil {
		return errors.New("it is not an EPUB: its mimetype entry could not be read")
	}
	defer body.Close()
	got, _ := io.ReadAll(io.LimitReader(body, int64(len(epubMimetype))+1))
	if string(got) != epubMimetype {
		return errors.New("it is not an EPUB: its mimetype entry is not application/epub+zip")
	}
	for _, f := range z.File {
		if f.Name == "META-INF/container.xml" {
			return nil
		}
	}
	return errors.New("it is not an EPUB: it has no META-INF/container.xml")
}

// checkPDF looks for a PDF's header at its start and its end-of-file
// marker near its end (ISO 32000 7.5.2 and 7.5.5; readers tolerate some
// bytes after %%EOF, so the last kilobyte is searched).
func checkPDF(r io.ReaderAt, size int64) error {
	head := make([]byte, 8)
	if n, _ := r.ReadAt(head, 0); n < len(head) || !bytes.HasPrefix(head, []byte("%PDF-")) || !isDigit(head[5]) || head[6] != '.' {
		return errors.New("it is not a PDF: it does not start with %PDF-")
	}
	tail := make([]byte, min(size, 1024))
	if _, err := r.ReadAt(tail, size-int64(len(tail))); err != nil && !errors.Is(err, io.EOF) {
		return errors.New("it could not be read")
	}
	if !bytes.Contains(tail, []byte("%%EOF")) {
		return errors.New("it is not a whole PDF: it has no %%EOF at its end (was the upload cut short?)")
	}
	return nil
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }
