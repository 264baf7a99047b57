// Package images checks and cleans uploaded pictures for every feature that
// stores them (the game pictures, the book covers): a picture is
// accepted only when it decodes whole within the caller's limits, and it is
// stored re-encoded, so no metadata (EXIF, GPS position, owner name, ICC
// profile, comments) survives. Decoding takes memory in proportion to the
// pixels, so only a few pictures are decoded at once in the whole process;
// the others wait briefly for a free slot, then get a 503 with Retry-After.
package images

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"image/png"
	"time"

	_ "golang.org/x/image/webp" // registers the WebP decoder

	"bookshop/internal/httpx"
)

// Limits bound what a caller accepts. Every Max field is required: the
// pixel count is what bounds the memory a decode takes, whatever the file's
// size (a small PNG may unpack into gigabytes: a decompression bomb). The
// Min fields are optional (0: any size).
type Limits struct {
	MaxBytes  int // the encoded picture, as uploaded
	MaxSide   int // width and height, each
	MaxPixels int // width × height

	MinWidth, MinHeight int // of the picture as stored (upright)
}

// Picture is a cleaned picture: freshly encoded bytes without metadata.
type Picture struct {
	Data          []byte
	ContentType   string // image/jpeg or image/png
	Width, Height int
}

// The formats accepted, by the name image.Decode gives them.
const (
	formatJPEG = "jpeg"
	formatPNG  = "png"
	formatWebP = "webp"
)

// jpegQuality re-encodes an already compressed upload without a visible
// second loss (the web app sends JPEG at 0.7).
const jpegQuality = 85

// Messages of the errors Clean returns, for callers' tests and pages.
const (
	NoPicture   = "Please choose a picture."
	TooLarge    = "Image too large"
	Unsupported = "Only JPEG, PNG and WebP pictures can be used."
	Unreadable  = "The picture could not be read."
	Busy        = "Many pictures are being processed right now. Please try again in a moment."
	// TooSmall is a format: the minimum width and height.
	TooSmall = "The picture must be at least %d × %d pixels."
)

// Clean checks data within lim by decoding it fully, and re-encodes it:
// JPEG stays JPEG, PNG stays PNG, and WebP (which Go cannot write) becomes
// JPEG, or PNG when it has transparency. A JPEG's EXIF orientation is
// applied to the pixels before the EXIF goes, so a phone photo stays
// upright. Errors are *httpx.Error: 413 too large, 415 not a picture we
// read, 503 with Retry-After when too many pictures are being decoded.
func Clean(ctx context.Context, data []byte, lim Limits) (Picture, error) {
	img, format, leave, err := decode(ctx, data, lim)
	if err != nil {
		return Picture{}, err
	}
	defer leave()
	return encode(img, format)
}

// decode checks data within lim, waits for a decoding slot and decodes the
// picture upright. The caller calls leave once done with img: the slot
// bounds the memory of everything done with the decoded pixels.
func decode(ctx context.Context, data []byte, lim Limits) (img image.Image, format string, leave func(), err error) {
	format, err = check(data, lim)
	if err != nil {
		return nil, "", nil, err
	}
	leave, err = decoding.enter(ctx)
	if err != nil {
		return nil, "", nil, err
	}
	img, _, err = image.Decode(bytes.NewReader(data))
	if err != nil {
		leave()
		return nil, "", nil, httpx.Errorf(httpx.CodeUnsupported, Unreadable)
	}
	if format == formatJPEG {
		img = orient(img, exifOrientation(data))
	}
	return img, format, leave, nil
}

// check reads only the header: the format and the size, refused before a
// single pixel is unpacked.
func check(data []byte, lim Limits) (string, error) {
	if len(data) == 0 {
		return "", httpx.Errorf(httpx.CodeInvalid, NoPicture)
	}
	if len(data) > lim.MaxBytes {
		return "", httpx.Errorf(httpx.CodeTooLarge, TooLarge)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != formatJPEG && format != formatPNG && format != formatWebP) {
		return "", httpx.Errorf(httpx.CodeUnsupported, Unsupported)
	}
	w, h := cfg.Width, cfg.Height
	if w < 1 || h < 1 || w > lim.MaxSide || h > lim.MaxSide || w*h > lim.MaxPixels {
		return "", httpx.Errorf(httpx.CodeTooLarge, TooLarge)
	}
	if format == formatJPEG && exifOrientation(data) >= 5 { // stored turned a quarter
		w, h = h, w
	}
	if w < lim.MinWidth || h < lim.MinHeight {
		return "", httpx.Errorf(httpx.CodeInvalid, TooSmall, lim.MinWidth, lim.MinHeight)
	}
	return format, nil
}

func encode(img image.Image, format string) (Picture, error) {
	var buf bytes.Buffer
	p := Picture{Width: img.Bounds().Dx(), Height: img.Bounds().Dy()}
	if format == formatPNG || (format == formatWebP && !opaque(img)) {
		p.ContentType = "image/png"
		if err := png.Encode(&buf, img); err != nil {
			return Picture{}, err
		}
	} else {
		p.ContentType = "image/jpeg"
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality}); err != nil {
			return Picture{}, err
		}
	}
	p.Data = buf.Bytes()
	return p, nil
}

func opaque(img image.Image) bool {
	o, ok := img.(interface{ Opaque() bool })
	return ok && o.Opaque()
}

// decoding is the process's one gate: two pictures decoded at a time keep
// the server's memory bounded however many uploads arrive together.
var decoding = newGate(2, 3*time.Second)

// gate lets a few callers in at a time; the others queue for at most wait.
type gate struct {
	slots chan struct{}
	wait  time.Duration
}

func newGate(n int, wait time.Duration) *gate {
	return &gate{slots: make(chan struct{}, n), wait: wait}
}

// enter waits for a free slot and returns the function that frees it.
func (g *gate) enter(ctx context.Context) (func(), error) {
	select {
	case g.slots <- struct{}{}:
		return g.leave, nil
	default:
	}
	timer := time.NewTimer(g.wait)
	defer timer.Stop()
	select {
	case g.slots <- struct{}{}:
		return g.leave, nil
	case <-timer.C:
		return nil, &httpx.Error{Code: httpx.CodeUnavailable, Message: Busy, RetryAfter: 2 * time.Second}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (g *gate) leave() { <-g.slots }
