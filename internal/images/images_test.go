package images

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
	"time"

	"bookshop/internal/httpx"
	"bookshop/internal/images/imagestest"
)

var roomy = Limits{MaxBytes: 1 << 20, MaxSide: 2000, MaxPixels: 2000 * 2000}

// photo is a w×h JPEG without EXIF.
func photo(t *testing.T, w, h int) []byte {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(imagestest.Photo(t, w, h, 0)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestCleanStripsEXIFAndGPSFromAJPEG(t *testing.T) {
	in := imagestest.Photo(t, 40, 20, 1)
	if !imagestest.HasEXIF(in) || exifOrientation(in) != 1 {
		t.Fatal("the test picture carries no EXIF")
	}
	if _, err := jpeg.Decode(bytes.NewReader(in)); err != nil {
		t.Fatalf("the test picture is not a JPEG: %v", err)
	}
	p, err := Clean(context.Background(), in, roomy)
	if err != nil {
		t.Fatal(err)
	}
	if imagestest.HasEXIF(p.Data) {
		t.Error("the stored bytes still hold EXIF")
	}
	if p.ContentType != "image/jpeg" || p.Width != 40 || p.Height != 20 {
		t.Errorf("cleaned %s %d×%d", p.ContentType, p.Width, p.Height)
	}
	if _, err := jpeg.Decode(bytes.NewReader(p.Data)); err != nil {
		t.Errorf("the stored bytes are not a JPEG: %v", err)
	}
}

func TestCleanTurnsAPhotoAsItsEXIFSays(t *testing.T) {
	for _, c := range []struct {
		orientation uint16
		w, h        int
		redAt       image.Point // where the red corner ends up
	}{
		{1, 40, 20, image.Pt(2, 2)},
		{3, 40, 20, image.Pt(37, 17)},
		{6, 20, 40, image.Pt(17, 2)},
		{8, 20, 40, image.Pt(2, 37)},
	} {
		p, err := Clean(context.Background(), imagestest.Photo(t, 40, 20, c.orientation), roomy)
		if err != nil {
			t.Fatal(err)
		}
		img, err := jpeg.Decode(bytes.NewReader(p.Data))
		if err != nil {
			t.Fatal(err)
		}
		if p.Width != c.w || p.Height != c.h || img.Bounds().Dx() != c.w {
			t.Errorf("orientation %d: %d×%d, want %d×%d", c.orientation, p.Width, p.Height, c.w, c.h)
			continue
		}
		if r, _, b, _ := img.At(c.redAt.X, c.redAt.Y).RGBA(); r < b {
			t.Errorf("orientation %d: the red corner is not at %v", c.orientation, c.redAt)
		}
	}
}

// pngWithText is a PNG carrying a tEXt chunk (Author) before its end.
func pngWithText(t *testing.T) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	img.Set(1, 1, color.NRGBA{255, 0, 0, 128})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	end := len(data) - 12 // IEND is the last chunk
	body := []byte("tEXtAuthor\x00Jane Owner, 48.8584 N 2.2945 E")
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(body)-4))
	chunk = append(chunk, body...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(body))
	return append(append(append([]byte{}, data[:end]...), chunk...), data[end:]...)
}

func TestCleanStripsTextFromAPNGAndKeepsItsTransparency(t *testing.T) {
	in := pngWithText(t)
	if _, err := png.Decode(bytes.NewReader(in)); err != nil || !bytes.Contains(in, []byte(imagestest.Owner)) {
		t.Fatalf("bad test picture: %v", err)
	}
	p, err := Clean(context.Background(), in, roomy)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(p.Data, []byte(imagestest.Owner)) || bytes.Contains(p.Data, []byte("tEXt")) || p.ContentType != "image/png" {
		t.Errorf("cleaned %s still holds the text", p.ContentType)
	}
	img, _ := png.Decode(bytes.NewReader(p.Data))
	if _, _, _, a := img.At(1, 1).RGBA(); a == 0xffff {
		t.Error("the transparency is lost")
	}
}

func TestCleanRefusesWhatItShouldNotDecode(t *testing.T) {
	var bomb bytes.Buffer // 4000×4000 pixels in a few kilobytes
	if err := png.Encode(&bomb, image.NewGray(image.Rect(0, 0, 4000, 4000))); err != nil {
		t.Fatal(err)
	}
	good := photo(t, 40, 20)
	for _, c := range []struct {
		name   string
		data   []byte
		lim    Limits
		status int
		msg    string
	}{
		{"nothing", nil, roomy, 400, "Please choose a picture."},
		{"too many bytes", good, Limits{MaxBytes: 100, MaxSide: 2000, MaxPixels: 1 << 22}, 413, TooLarge},
		{"a decompression bomb", bomb.Bytes(), roomy, 413, TooLarge},
		{"too many pixels", good, Limits{MaxBytes: 1 << 20, MaxSide: 2000, MaxPixels: 799}, 413, TooLarge},
		{"a side too long", good, Limits{MaxBytes: 1 << 20, MaxSide: 39, MaxPixels: 1 << 22}, 413, TooLarge},
		{"not a picture", []byte("<svg xmlns='http://www.w3.org/2000/svg'/>"), roomy, 415, Unsupported},
		{"a GIF", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), roomy, 415, Unsupported},
		{"cut short", good[:len(good)-30], roomy, 415, Unreadable},
	} {
		_, err := Clean(context.Background(), c.data, c.lim)
		e := httpx.AsError(err)
		if err == nil || e.Status() != c.status || e.Message != c.msg {
			t.Errorf("%s: %v, want %d %q", c.name, err, c.status, c.msg)
		}
	}
}

// useGate swaps the process's gate for the test's.
func useGate(t *testing.T, g *gate) {
	old := decoding
	decoding = g
	t.Cleanup(func() { decoding = old })
}

func TestCleanGives503WhenEverySlotStaysBusy(t *testing.T) {
	g := newGate(2, 0)
	useGate(t, g)
	g.slots <- struct{}{}
	g.slots <- struct{}{}
	_, err := Clean(context.Background(), photo(t, 8, 8), roomy)
	e := httpx.AsError(err)
	if e.Status() != 503 || e.Message != Busy || e.RetryAfter <= 0 {
		t.Fatalf("got %v, want a 503 with Retry-After", err)
	}
	<-g.slots
	if _, err := Clean(context.Background(), photo(t, 8, 8), roomy); err != nil {
		t.Fatalf("a free slot: %v", err)
	}
}

func TestCleanWaitsForAFreeSlot(t *testing.T) {
	g := newGate(1, time.Hour)
	useGate(t, g)
	g.slots <- struct{}{} // another picture is being decoded
	done := make(chan error, 1)
	go func() {
		_, err := Clean(context.Background(), photo(t, 8, 8), roomy)
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("decoded beside a full gate: %v", err)
	default:
	}
	<-g.slots // the other one is done
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if len(g.slots) != 0 {
		t.Error("the slot was not given back")
	}
}

func TestCleanStopsWaitingWhenTheRequestEnds(t *testing.T) {
	g := newGate(1, time.Hour)
	useGate(t, g)
	g.slots <- struct{}{}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Clean(ctx, photo(t, 8, 8), roomy); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
}
