package media

import (
	"encoding/binary"
	"errors"
	"io"
)

// maxBoxes bounds the boxes read at one level, so a hostile file of
// millions of empty boxes costs a few thousand small reads, not millions.
const maxBoxes = 4096

// box is an MP4 box: its type and where its body lies in the file.
type box struct {
	kind      string
	body, end int64
}

// checkM4A reads an MP4 file's boxes, their headers only: a leading ftyp of
// an audio or generic MP4 brand, and a movie (moov, at the start or the end
// of the file) with a sound track coded as MPEG-4 audio (AAC).
func checkM4A(r io.ReaderAt, size int64) error {
	top, err := readBoxes(r, 0, size)
	if err != nil {
		return err
	}
	if len(top) == 0 || top[0].kind != "ftyp" || !audioBrand(r, top[0]) {
		return errors.New("it does not start as an M4A file")
	}
	moov := find(top, "moov")
	if moov == nil {
		return errors.New("it has no movie header (moov)")
	}
	tracks, err := readBoxes(r, moov.body, moov.end)
	if err != nil {
		return err
	}
	for _, trak := range tracks {
		if trak.kind == "trak" && soundTrack(r, trak) {
			return nil
		}
	}
	return errors.New("it has no AAC sound track")
}

// readBoxes lists the boxes from off to end (size, type, body), refusing
// sizes that do not fit.
func readBoxes(r io.ReaderAt, off, end int64) ([]box, error) {
	var out []box
	var h [16]byte
	for off < end {
		if len(out) == maxBoxes {
			return nil, errors.New("it has too many boxes")
		}
		if end-off < 8 {
			return nil, errors.New("a box is cut short")
		}
		if _, err := r.ReadAt(h[:8], off); err != nil {
			return nil, errors.New("a box could not be read")
		}
		size, header := int64(binary.BigEndian.Uint32(h[:4])), int64(8)
		switch size {
		case 0: // to the end
			size = end - off
		case 1: // a 64-bit size follows
			if end-off < 16 {
				return nil, errors.New("a box is cut short")
			}
			if _, err := r.ReadAt(h[8:16], off+8); err != nil {
				return nil, errors.New("a box could not be read")
			}
			big := binary.BigEndian.Uint64(h[8:16])
			if big > uint64(end-off) {
				return nil, errors.New("a box's size is wrong")
			}
			size, header = int64(big), 16
		}
		if size < header || size > end-off {
			return nil, errors.New("a box's size is wrong")
		}
		out = append(out, box{kind: string(h[4:8]), body: off + header, end: off + size})
		off += size
	}
	return out, nil
}

func find(boxes []box, kind string) *box {
	for i := range boxes {
		if boxes[i].kind == kind {
			return &boxes[i]
		}
	}
	return nil
}

// descend follows container boxes down from b: nil if one is missing.
func descend(r io.ReaderAt, b box, kinds ...string) *box {
	for _, kind := range kinds {
		inner, err := readBoxes(r, b.body, b.end)
		if err != nil {
			return nil
		}
		next := find(inner, kind)
		if next == nil {
			return nil
		}
		b = *next
	}
	return &b
}

// readBody is the first n bytes of b's body (fewer if it is shorter).
func readBody(r io.ReaderAt, b box, n int64) []byte {
	n = min(n, b.end-b.body)
	buf := make([]byte, n)
	if _, err := r.ReadAt(buf, b.body); err != nil {
		return nil
	}
	return buf
}

// audioBrand tells whether an ftyp names an audio or generic MP4 brand
// (its major brand, then its compatible ones).
func audioBrand(r io.ReaderAt, ftyp box) bool {
	body := readBody(r, ftyp, 256)
	if len(body) < 8 {
		return false
	}
	brands := [][]byte{body[0:4]}
	for i := 8; i+4 <= len(body); i += 4 {
		brands = append(brands, body[i:i+4])
	}
	for _, b := range brands {
		switch string(b) {
		case "M4A ", "M4B ", "mp42", "mp41", "isom", "iso2", "dash":
			return true
		}
	}
	return false
}

// soundTrack tells whether a trak is sound (hdlr 'soun') whose first sample
// entry is MPEG-4 audio ('mp4a').
func soundTrack(r io.ReaderAt, trak box) bool {
	hdlr := descend(r, trak, "mdia", "hdlr")
	if hdlr == nil {
		return false
	}
	if h := readBody(r, *hdlr, 12); len(h) < 12 || string(h[8:12]) != "soun" {
		return false
	}
	stsd := descend(r, trak, "mdia", "minf", "stbl", "stsd")
	if stsd == nil {
		return false
	}
	if h := readBody(r, *stsd, 8); len(h) < 8 || binary.BigEndian.Uint32(h[4:8]) == 0 {
		return false
	}
	entries, err := readBoxes(r, stsd.body+8, stsd.end)
	return err == nil && len(entries) > 0 && entries[0].kind == "mp4a"
}
