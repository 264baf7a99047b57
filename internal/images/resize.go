package images

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"image/png"
	"slices"

	"golang.org/x/image/draw"
)

// scaledJPEGQuality encodes the copies pages show: at the size they are
// shown, bytes matter more than the loss quality 85 would avoid.
const scaledJPEGQuality = 80

// CleanWidths checks and decodes data within lim as Clean does, and returns
// the picture scaled down to each of widths (increasing), its aspect ratio
// kept, for a page's srcset. It is never scaled up: widths at or beyond the
// picture's own give one copy at its own width. The copies are JPEG, or PNG
// when the picture has transparency (WebP is read, never written), and hold
// no metadata. Errors are Clean's.
func CleanWidths(ctx context.Context, data []byte, lim Limits, widths []int) ([]Picture, error) {
	img, _, leave, err := decode(ctx, data, lim)
	if err != nil {
		return nil, err
	}
	defer leave()
	asPNG := !opaque(img)
	targets := Widths(img.Bounds().Dx(), widths)
	out := make([]Picture, len(targets))
	// The largest copy is made from the picture, each smaller one from the
	// largest: scaling a few hundred pixels is cheap, a photo's millions are not.
	largest := Resize(img, targets[len(targets)-1])
	for i, w := range targets {
		if out[i], err = encodeCopy(Resize(largest, w), asPNG); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Widths are the widths CleanWidths makes of a picture width pixels wide:
// those of widths below it, then its own width when it is below the largest
// of widths, else that largest.
func Widths(width int, widths []int) []int {
	var out []int
	for _, w := range widths {
		if w < width {
			out = append(out, w)
		}
	}
	if largest := slices.Max(widths); width < largest {
		out = append(out, width)
	} else if !slices.Contains(out, largest) {
		out = append(out, largest)
	}
	return out
}

// Resize scales img down to width pixels wide, keeping its aspect ratio
// (img itself when it is not wider). Halving with a 2×2 average (bilinear
// sampling at exactly half size) brings it within twice the width, then
// Catmull-Rom makes the last step: Catmull-Rom's buffer holds the width
// times the source's height, which the halving keeps small.
func Resize(img image.Image, width int) image.Image {
	b := img.Bounds()
	if width < 1 || width >= b.Dx() {
		return img
	}
	height := max(1, (b.Dy()*width+b.Dx()/2)/b.Dx())
	for b.Dx() >= 2*width && b.Dy() >= 2*height {
		half := image.NewRGBA(image.Rect(0, 0, b.Dx()/2, b.Dy()/2))
		draw.ApproxBiLinear.Scale(half, half.Bounds(), img, b, draw.Src, nil)
		img, b = half, half.Bounds()
	}
	if b.Dx() == width && b.Dy() == height {
		return img
	}
	dst := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

func encodeCopy(img image.Image, asPNG bool) (Picture, error) {
	var buf bytes.Buffer
	p := Picture{Width: img.Bounds().Dx(), Height: img.Bounds().Dy(), ContentType: "image/jpeg"}
	var err error
	if asPNG {
		p.ContentType = "image/png"
		err = png.Encode(&buf, img)
	} else {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: scaledJPEGQuality})
	}
	p.Data = buf.Bytes()
	return p, err
}
