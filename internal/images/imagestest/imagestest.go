// Package imagestest builds the pictures that tests of uploads need: a
// phone photo carrying EXIF with a GPS position and its owner's name.
package imagestest

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

// Owner is the name the EXIF of Photo carries.
const Owner = "Jane Owner"

// Photo is a w×h JPEG whose top-left quarter is red and the rest blue (so a
// turn shows in the pixels), carrying EXIF as a phone writes it: the
// orientation (1 to 8; 0 writes none), the owner's name (Artist) and a GPS
// position (latitude N 48° 51' 30").
func Photo(t testing.TB, w, h int, orientation uint16) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{0, 0, 255, 255}
			if x < w/2 && y < h/2 {
				c = color.RGBA{255, 0, 0, 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return withEXIF(buf.Bytes(), orientation)
}

// withEXIF puts an EXIF block right after the JPEG's start marker.
func withEXIF(jpg []byte, orientation uint16) []byte {
	le := binary.LittleEndian
	t := []byte("II*\x00\x08\x00\x00\x00")
	entry := func(tag, typ uint16, count, value uint32) {
		t = le.AppendUint16(t, tag)
		t = le.AppendUint16(t, typ)
		t = le.AppendUint32(t, count)
		t = le.AppendUint32(t, value)
	}
	// IFD0 at 8: three entries (2 + 36 + 4 bytes), then the Artist text at
	// 50, then the GPS directory at 62 and its latitude at 92.
	t = le.AppendUint16(t, 3)
	entry(0x0112, 3, 1, uint32(orientation)) // Orientation, SHORT
	entry(0x013B, 2, 11, 50)                 // Artist, ASCII
	entry(0x8825, 4, 1, 62)                  // GPSInfo, LONG
	t = le.AppendUint32(t, 0)
	t = append(t, Owner+"\x00\x00"...)
	t = le.AppendUint16(t, 2)
	entry(0x0001, 2, 2, uint32('N')) // GPSLatitudeRef "N"
	entry(0x0002, 5, 3, 92)          // GPSLatitude, 3 RATIONALs
	t = le.AppendUint32(t, 0)
	for _, v := range []uint32{48, 1, 51, 1, 30, 1} {
		t = le.AppendUint32(t, v)
	}
	seg := append([]byte("Exif\x00\x00"), t...)
	out := []byte{0xFF, 0xD8, 0xFF, 0xE1}
	out = binary.BigEndian.AppendUint16(out, uint16(len(seg)+2))
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// HasEXIF finds an EXIF segment, or the traces of one (its TIFF header, the
// owner's name), anywhere in data.
func HasEXIF(data []byte) bool {
	return bytes.Contains(data, []byte{0xFF, 0xE1}) || bytes.Contains(data, []byte("Exif")) ||
		bytes.Contains(data, []byte(Owner)) || bytes.Contains(data, []byte("II*\x00"))
}

// WebP is a w×h lossless WebP (VP8L) of one colour, as Go has no WebP
// encoder. Each channel's prefix code has one symbol, so the pixels take no
// bits at all: any size is a few dozen bytes, and a large one is a
// decompression bomb.
func WebP(w, h int, c color.NRGBA) []byte {
	var bw bitWriter
	bw.write(0x2f, 8) // the VP8L signature
	bw.write(uint32(w-1), 14)
	bw.write(uint32(h-1), 14)
	bw.write(b2u(c.A != 255), 1)                            // alpha is used
	bw.write(0, 3)                                          // version
	bw.write(0, 1)                                          // no transform
	bw.write(0, 1)                                          // no colour cache
	bw.write(0, 1)                                          // no meta prefix codes
	for _, symbol := range []uint8{c.G, c.R, c.B, c.A, 0} { // green, red, blue, alpha, distance
		bw.write(1, 1) // a simple code
		bw.write(0, 1) // of one symbol
		bw.write(1, 1) // written in 8 bits
		bw.write(uint32(symbol), 8)
	}
	data := bw.bytes()
	if len(data)%2 == 1 {
		data = append(data, 0)
	}
	le := binary.LittleEndian
	out := []byte("RIFF")
	out = le.AppendUint32(out, uint32(4+8+len(data)))
	out = append(out, "WEBPVP8L"...)
	out = le.AppendUint32(out, uint32(len(bw.buf)))
	return append(out, data...)
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// bitWriter writes VP8L's bit stream: least significant bit first.
type bitWriter struct {
	buf   []byte
	nBits uint
}

func (b *bitWriter) write(v uint32, n uint) {
	for i := range n {
		if b.nBits%8 == 0 {
			b.buf = append(b.buf, 0)
		}
		b.buf[len(b.buf)-1] |= byte(v>>i&1) << (b.nBits % 8)
		b.nBits++
	}
}

func (b *bitWriter) bytes() []byte { return append([]byte{}, b.buf...) }
