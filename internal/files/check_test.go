package files

import (
	"archive/zip"
	"bytes"
	"os"
	"strings"
	"testing"
)

// epub builds a small EPUB (or, with broken, a ZIP that is not one).
func epub(t testing.TB, broken string) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	add := func(name string, method uint16, body string) {
		w, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	switch broken {
	case "renamed zip": // an ordinary ZIP: no mimetype entry first
		add("chapter1.xhtml", zip.Deflate, "<p>Once upon a time</p>")
	case "mimetype compressed":
		add("mimetype", zip.Deflate, epubMimetype)
	case "mimetype second":
		add("META-INF/container.xml", zip.Deflate, "<container/>")
		add("mimetype", zip.Store, epubMimetype)
	case "wrong mimetype":
		add("mimetype", zip.Store, "application/zip")
	default:
		add("mimetype", zip.Store, epubMimetype)
	}
	if broken != "no container" && broken != "mimetype second" {
		add("META-INF/container.xml", zip.Deflate, `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`)
	}
	add("OEBPS/content.opf", zip.Deflate, "<package/>")
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pdf is a small PDF: a header, a body and its end-of-file marker.
func pdf() []byte {
	return []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
}

func TestCheckAcceptsRealFiles(t *testing.T) {
	mp3, err := os.ReadFile("../media/testdata/tone.mp3")
	if err != nil {
		t.Fatal(err)
	}
	m4a, _ := os.ReadFile("../media/testdata/tone.m4a")
	for _, tc := range []struct {
		name        string
		kind        Kind
		data        []byte
		contentType string
	}{
		{"story.epub", KindEPUB, epub(t, ""), "application/epub+zip"},
		{"activities.pdf", KindPDF, pdf(), "application/pdf"},
		{"chapter1.mp3", KindAudio, mp3, "audio/mpeg"},
		{"chapter1.m4a", KindAudio, m4a, "audio/mp4"},
	} {
		got, err := check(tc.kind, bytes.NewReader(tc.data), int64(len(tc.data)))
		if err != nil || got != tc.contentType {
			t.Errorf("%s: %q, %v; want %s", tc.name, got, err, tc.contentType)
		}
	}
}

func TestCheckRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind Kind
		data []byte
		want string
	}{
		{"a renamed ZIP", KindEPUB, epub(t, "renamed zip"), "first entry is not mimetype"},
		{"mimetype compressed", KindEPUB, epub(t, "mimetype compressed"), "uncompressed"},
		{"mimetype not first", KindEPUB, epub(t, "mimetype second"), "first entry is not mimetype"},
		{"another mimetype", KindEPUB, epub(t, "wrong mimetype"), "not application/epub+zip"},
		{"no container.xml", KindEPUB, epub(t, "no container"), "META-INF/container.xml"},
		{"a PDF named .epub", KindEPUB, pdf(), "not a ZIP"},
		{"text named .pdf", KindPDF, []byte("Dear parents, here are the activities.\n"), "does not start with %PDF-"},
		{"a PDF cut short", KindPDF, pdf()[:40], "no %%EOF"},
		{"an EPUB named .pdf", KindPDF, epub(t, ""), "does not start with %PDF-"},
		{"text named .mp3", KindAudio, []byte("la la la\n"), "not an MP3, M4A or Ogg"},
		{"a PDF named .mp3", KindAudio, pdf(), "not an MP3, M4A or Ogg"},
	} {
		_, err := check(tc.kind, bytes.NewReader(tc.data), int64(len(tc.data)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

func TestUploadName(t *testing.T) {
	for raw, want := range map[string]Kind{"story.epub": KindEPUB, `C:\books\Story.EPUB`: KindEPUB, "a/b/pack.pdf": KindPDF,
		"01 Chapter.m4b": KindAudio, "track.opus": KindAudio} {
		if _, kind, err := uploadName(raw); err != nil || kind != want {
			t.Errorf("%q: %q, %v; want %q", raw, kind, err, want)
		}
	}
	for _, raw := range []string{"", "story.zip", "story", "bad\x01name.pdf", strings.Repeat("a", 201) + ".pdf", "../"} {
		if _, _, err := uploadName(raw); err == nil {
			t.Errorf("%q: accepted", raw)
		}
	}
}

func TestDownloadName(t *testing.T) {
	for _, tc := range []struct {
		title, file string
		n           int
		want        string
	}{
		{"Our First Adventure", "story-final-v3.EPUB", 1, "Our First Adventure.epub"},
		{"Our First Adventure", "01 Into the Woods.mp3", 3, "Our First Adventure - 01 Into the Woods.mp3"},
		{"", "story.pdf", 1, "story.pdf"},
	} {
		if got := downloadName(tc.title, tc.file, tc.n); got != tc.want {
			t.Errorf("downloadName(%q, %q, %d) = %q, want %q", tc.title, tc.file, tc.n, got, tc.want)
		}
	}
	if got := contentDisposition("Siso’s \"Big\" Trip.epub"); got != `attachment; filename="Siso_s 'Big' Trip.epub"; filename*=UTF-8''Siso%E2%80%99s%20%22Big%22%20Trip.epub` {
		t.Errorf("contentDisposition: %s", got)
	}
}

func TestRequestedBytes(t *testing.T) {
	const size = 1000
	for rng, want := range map[string]int64{
		"": size, "bytes=0-": size, "bytes=0-99": 100, "bytes=900-": 100, "bytes=-50": 50, "bytes=990-5000": 10,
		"bytes=0-9,20-29": 20, "bytes=0-999,0-999": size, "bytes=2000-": 0, "bytes=x-": size, "items=0-9": size, "bytes=9-0": size,
	} {
		r := httptestRequest(rng, "")
		if got := requestedBytes(r, size, `"e"`); got != want {
			t.Errorf("Range %q: %d, want %d", rng, got, want)
		}
	}
	if got := requestedBytes(httptestRequest("bytes=0-9", `"other"`), size, `"e"`); got != size {
		t.Errorf("If-Range of another version: %d, want the whole file", got)
	}
}
