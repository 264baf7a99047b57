package images

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"slices"
	"testing"

	"bookshop/internal/httpx"
	"bookshop/internal/images/imagestest"
)

var coverWidths = []int{160, 320, 480, 640}

func TestWidthsNeverScaleUp(t *testing.T) {
	for _, c := range []struct {
		width int
		want  []int
	}{
		{2000, []int{160, 320, 480, 640}},
		{640, []int{160, 320, 480, 640}},
		{500, []int{160, 320, 480, 500}},
		{480, []int{160, 320, 480}},
		{100, []int{100}},
	} {
		if got := Widths(c.width, coverWidths); !slices.Equal(got, c.want) {
			t.Errorf("Widths(%d) = %v, want %v", c.width, got, c.want)
		}
	}
}

func TestResizeKeepsTheAspectAndTheColours(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 2000, 3000)) // left half red, right half blue
	for y := range 3000 {
		for x := range 2000 {
			c := color.RGBA{0, 0, 255, 255}
			if x < 1000 {
				c = color.RGBA{255, 0, 0, 255}
			}
			src.SetRGBA(x, y, c)
		}
	}
	for _, w := range []int{640, 333, 160} {
		img := Resize(src, w)
		if img.Bounds().Dx() != w || img.Bounds().Dy() != (w*3+1)/2 {
			t.Errorf("Resize(%d): %v", w, img.Bounds())
			continue
		}
		if r, _, b, _ := img.At(w/4, w/2).RGBA(); r>>8 < 250 || b>>8 > 5 {
			t.Errorf("Resize(%d): the left is not red", w)
		}
		if r, _, b, _ := img.At(3*w/4, w/2).RGBA(); r>>8 > 5 || b>>8 < 250 {
			t.Errorf("Resize(%d): the right is not blue", w)
		}
	}
	if Resize(src, 2000) != image.Image(src) || Resize(src, 4000) != image.Image(src) {
		t.Error("a picture was scaled up")
	}
}

// decodeAs decodes p and checks that it is what it says.
func decodeAs(t *testing.T, p Picture) image.Image {
	t.Helper()
	img, format, err := image.Decode(bytes.NewReader(p.Data))
	if err != nil || "image/"+format != p.ContentType {
		t.Fatalf("a %s copy decodes as %q: %v", p.ContentType, format, err)
	}
	if img.Bounds().Dx() != p.Width || img.Bounds().Dy() != p.Height {
		t.Fatalf("a copy says %d×%d and is %v", p.Width, p.Height, img.Bounds())
	}
	return img
}

func TestCleanWidthsOfAPhoto(t *testing.T) {
	in := imagestest.Photo(t, 1200, 800, 6) // stored sideways: 800×1200 upright
	copies, err := CleanWidths(context.Background(), in, roomy, coverWidths)
	if err != nil {
		t.Fatal(err)
	}
	if len(copies) != 4 {
		t.Fatalf("%d copies", len(copies))
	}
	for i, p := range copies {
		if p.ContentType != "image/jpeg" || p.Width != coverWidths[i] || p.Height != coverWidths[i]*3/2 {
			t.Errorf("copy %d: %s %d×%d", i, p.ContentType, p.Width, p.Height)
		}
		if imagestest.HasEXIF(p.Data) {
			t.Errorf("copy %d holds EXIF", i)
		}
		img := decodeAs(t, p)
		if r, _, b, _ := img.At(p.Width-3, 2).RGBA(); r < b { // the red corner turned to the top right
			t.Errorf("copy %d is not upright", i)
		}
	}
}

func TestCleanWidthsKeepsTransparencyAsPNGAndMakesJPEGOfTheRest(t *testing.T) {
	see := image.NewNRGBA(image.Rect(0, 0, 500, 750))
	for i := range see.Pix {
		see.Pix[i] = 200
	}
	var seeThrough, opaquePNG bytes.Buffer
	if err := png.Encode(&seeThrough, see); err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(&opaquePNG, image.NewGray(image.Rect(0, 0, 500, 750))); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, contentType string
		data              []byte
		widths            []int
	}{
		{"a PNG with transparency", "image/png", seeThrough.Bytes(), []int{160, 320, 480, 500}},
		{"an opaque PNG", "image/jpeg", opaquePNG.Bytes(), []int{160, 320, 480, 500}},
		{"an opaque WebP", "image/jpeg", imagestest.WebP(700, 1050, color.NRGBA{10, 200, 30, 255}), coverWidths},
		{"a WebP with transparency", "image/png", imagestest.WebP(640, 960, color.NRGBA{10, 200, 30, 100}), coverWidths},
	} {
		copies, err := CleanWidths(context.Background(), c.data, roomy, coverWidths)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var widths []int
		for _, p := range copies {
			widths = append(widths, p.Width)
			img := decodeAs(t, p)
			if p.ContentType != c.contentType {
				t.Errorf("%s: a copy is %s", c.name, p.ContentType)
			}
			_, _, _, a := img.At(5, 5).RGBA()
			if see := a>>8 < 250; see != (c.contentType == "image/png") {
				t.Errorf("%s: alpha %d", c.name, a>>8)
			}
		}
		if !slices.Equal(widths, c.widths) {
			t.Errorf("%s: widths %v, want %v", c.name, widths, c.widths)
		}
	}
}

func TestCleanWidthsRefusesAsCleanDoes(t *testing.T) {
	small := Limits{MaxBytes: 1 << 20, MaxSide: 2000, MaxPixels: 2000 * 2000, MinWidth: 480, MinHeight: 720}
	for _, c := range []struct {
		name   string
		data   []byte
		status int
		msg    string
	}{
		{"too narrow", imagestest.Photo(t, 479, 800, 0), 400, "The picture must be at least 480 × 720 pixels."},
		{"too short", imagestest.Photo(t, 800, 719, 0), 400, "The picture must be at least 480 × 720 pixels."},
		{"too short once turned upright", imagestest.Photo(t, 600, 800, 6), 400, "The picture must be at least 480 × 720 pixels."},
		{"a WebP bomb", imagestest.WebP(16000, 16000, color.NRGBA{1, 2, 3, 255}), 413, TooLarge},
		{"a GIF", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), 415, Unsupported},
	} {
		_, err := CleanWidths(context.Background(), c.data, small, coverWidths)
		if e := httpx.AsError(err); err == nil || e.Status() != c.status || e.Message != c.msg {
			t.Errorf("%s: %v, want %d %q", c.name, err, c.status, c.msg)
		}
	}
	if _, err := CleanWidths(context.Background(), imagestest.Photo(t, 800, 600, 6), small, coverWidths); err != nil {
		t.Errorf("800×600 turned upright is 600×800: %v", err)
	}
}
