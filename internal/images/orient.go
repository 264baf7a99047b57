package images

import (
	"bytes"
	"encoding/binary"
	"image"
)

// exifOrientation is the Orientation tag (1 to 8) of a JPEG's EXIF block,
// or 0 when there is none. Cameras store a photo as the sensor saw it and
// say in this tag how to turn it; once the EXIF is stripped, the turn must
// already be in the pixels.
func exifOrientation(jpg []byte) int {
	if len(jpg) < 4 || jpg[0] != 0xFF || jpg[1] != 0xD8 {
		return 0
	}
	for i := 2; i+4 <= len(jpg); {
		if jpg[i] != 0xFF {
			return 0
		}
		marker := jpg[i+1]
		if marker == 0xDA || marker == 0xD9 { // the pixels begin: no more headers
			return 0
		}
		size := int(binary.BigEndian.Uint16(jpg[i+2:]))
		if size < 2 || i+2+size > len(jpg) {
			return 0
		}
		seg := jpg[i+4 : i+2+size]
		if marker == 0xE1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			return tiffOrientation(seg[6:])
		}
		i += 2 + size
	}
	return 0
}

// tiffOrientation reads tag 0x0112 of the first directory of a TIFF block.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 0
	}
	var order binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 0
	}
	dir := int(order.Uint32(t[4:]))
	if dir < 8 || dir+2 > len(t) {
		return 0
	}
	n := int(order.Uint16(t[dir:]))
	for e := dir + 2; n > 0 && e+12 <= len(t); e, n = e+12, n-1 {
		if order.Uint16(t[e:]) == 0x0112 && order.Uint16(t[e+2:]) == 3 { // SHORT
			if o := int(order.Uint16(t[e+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 0
		}
	}
	return 0
}

// orient turns img as EXIF orientation o says (2 to 8; anything else leaves
// it as it is).
func orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 { // a quarter turn swaps the sides
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		for x := range w {
			dx, dy := x, y // where the source pixel goes
			switch o {
			case 2: // mirrored
				dx = w - 1 - x
			case 3: // upside down
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored upside down
				dy = h - 1 - y
			case 5: // mirrored, quarter turn
				dx, dy = y, x
			case 6: // a quarter turn clockwise
				dx, dy = h-1-y, x
			case 7:
				dx, dy = h-1-y, w-1-x
			case 8: // a quarter turn counterclockwise
				dx, dy = y, w-1-x
			}
			r, g, bl, a := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			i := dst.PixOffset(dx, dy)
			dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = uint8(r>>8), uint8(g>>8), uint8(bl>>8), uint8(a>>8)
		}
	}
	return dst
}
