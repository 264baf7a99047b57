package storybooks

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"

	"github.com/hajimehoshi/go-mp3"
)

// A page's narration is checked by decoding its header as the type it was
// sent as says, so a text file renamed .mp3 (or anything else that would
// not play) is refused: MP3 by a real decoder (github.com/hajimehoshi/go-mp3,
// its frames decoded), M4A and Ogg by their containers' specifications
// (ISO/IEC 14496-12 boxes; RFC 3533 pages with their CRC, then RFC 7845's
// OpusHead or Vorbis I's identification header), as the module proxy
// serves no well-kept parser for either.

// audioFormats are the accepted types (as browsers name the files) and
// the check of each.
var audioFormats = map[string]func([]byte) error{
	"audio/mpeg":  checkMP3,
	"audio/mp3":   checkMP3,
	"audio/mp4":   checkM4A,
	"audio/x-m4a": checkM4A,
	"audio/m4a":   checkM4A,
	"audio/ogg":   checkOgg,
	"audio/opus":  checkOgg,
}

// audioTypes are the types the accepted ones are stored and served as.
var audioTypes = map[string]string{
	"audio/mpeg": "audio/mpeg", "audio/mp3": "audio/mpeg",
	"audio/mp4": "audio/mp4", "audio/x-m4a": "audio/mp4", "audio/m4a": "audio/mp4",
	"audio/ogg": "audio/ogg", "audio/opus": "audio/ogg",
}

var formatNames = map[string]string{
	"audio/mpeg": "MP3", "audio/mp3": "MP3",
	"audio/mp4": "M4A", "audio/x-m4a": "M4A", "audio/m4a": "M4A",
	"audio/ogg": "Ogg", "audio/opus": "Ogg",
}

// checkMP3 decodes the first frames of an MP3 (after any ID3 tag).
func checkMP3(data []byte) (err error) {
	defer func() { // a decoder fed a hostile file must not take the server down
		if recover() != nil {
			err = errors.New("its frames could not be decoded")
		}
	}()
	d, err := mp3.NewDecoder(bytes.NewReader(data))
	if err != nil {
		return errors.New("no MP3 frame was found")
	}
	if d.SampleRate() <= 0 || d.Length() <= 0 {
		return errors.New("it holds no sound")
	}
	if _, err := io.ReadFull(d, make([]byte, 4096)); err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("its frames could not be decoded")
	}
	return nil
}

// checkM4A reads an MP4 file's boxes: a leading ftyp of an audio brand and
// a movie whose track is sound coded as MPEG-4 audio (AAC).
func checkM4A(data []byte) error {
	boxes, err := readBoxes(data)
	if err != nil {
		return err
	}
	if len(boxes) == 0 || boxes[0].kind != "ftyp" || !audioBrand(boxes[0].body) {
		return errors.New("it does not start as an M4A file")
	}
	moov := find(boxes, "moov")
	if moov == nil {
		return errors.New("it has no movie header")
	}
	tracks, err := readBoxes(moov.body)
	if err != nil {
		return err
	}
	for _, trak := range tracks {
		if trak.kind == "trak" && soundTrack(trak.body) {
			return nil
		}
	}
	return errors.New("it has no AAC sound track")
}

type box struct {
	kind string
	body []byte
}

// readBoxes splits data into its boxes (size, type, body), refusing sizes
// that do not fit.
func readBoxes(data []byte) ([]box, error) {
	var out []box
	for len(data) > 0 {
		if len(data) < 8 {
			return nil, errors.New("a box is cut short")
		}
		size, header := uint64(binary.BigEndian.Uint32(data)), uint64(8)
		kind := string(data[4:8])
		switch size {
		case 0: // to the end
			size = uint64(len(data))
		case 1: // a 64-bit size follows
			if len(data) < 16 {
				return nil, errors.New("a box is cut short")
			}
			size, header = binary.BigEndian.Uint64(data[8:16]), 16
		}
		if size < header || size > uint64(len(data)) {
			return nil, errors.New("a box's size is wrong")
		}
		out = append(out, box{kind: kind, body: data[header:size]})
		data = data[size:]
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

// path follows container boxes down from body: nil if one is missing.
func path(body []byte, kinds ...string) *box {
	var b *box
	for _, kind := range kinds {
		boxes, err := readBoxes(body)
		if err != nil {
			return nil
		}
		if b = find(boxes, kind); b == nil {
			return nil
		}
		body = b.body
	}
	return b
}

// audioBrand tells whether an ftyp names an audio or generic MP4 brand.
func audioBrand(ftyp []byte) bool {
	if len(ftyp) < 8 {
		return false
	}
	brands := [][]byte{ftyp[0:4]}
	for i := 8; i+4 <= len(ftyp); i += 4 {
		brands = append(brands, ftyp[i:i+4])
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
func soundTrack(trak []byte) bool {
	hdlr := path(trak, "mdia", "hdlr")
	if hdlr == nil || len(hdlr.body) < 12 || string(hdlr.body[8:12]) != "soun" {
		return false
	}
	stsd := path(trak, "mdia", "minf", "stbl", "stsd")
	if stsd == nil || len(stsd.body) < 8 || binary.BigEndian.Uint32(stsd.body[4:8]) == 0 {
		return false
	}
	entries, err := readBoxes(stsd.body[8:])
	return err == nil && len(entries) > 0 && entries[0].kind == "mp4a"
}

// checkOgg reads an Ogg stream's first two pages, their CRCs checked: the
// first opens the stream and holds Opus's or Vorbis's identification header.
func checkOgg(data []byte) error {
	first, rest, err := oggPage(data)
	if err != nil {
		return err
	}
	if first.flags&0x02 == 0 {
		return errors.New("its first page does not begin the stream")
	}
	if err := identification(first.body); err != nil {
		return err
	}
	if _, _, err := oggPage(rest); err != nil {
		return errors.New("it stops after its first page")
	}
	return nil
}

type page struct {
	flags byte
	body  []byte
}

// oggPage reads the page at the start of data (RFC 3533 section 6) and
// returns it and what follows it.
func oggPage(data []byte) (page, []byte, error) {
	if len(data) < 27 || string(data[:4]) != "OggS" || data[4] != 0 {
		return page{}, nil, errors.New("it is not an Ogg stream")
	}
	n := int(data[26])
	if len(data) < 27+n {
		return page{}, nil, errors.New("a page is cut short")
	}
	size := 0
	for _, s := range data[27 : 27+n] {
		size += int(s)
	}
	end := 27 + n + size
	if len(data) < end {
		return page{}, nil, errors.New("a page is cut short")
	}
	header := bytes.Clone(data[:end])
	want := binary.LittleEndian.Uint32(header[22:26])
	clear(header[22:26])
	if oggCRCOf(header) != want {
		return page{}, nil, errors.New("a page's checksum is wrong")
	}
	return page{flags: data[5], body: data[27+n : end]}, data[end:], nil
}

// oggCRCOf is Ogg's CRC-32: polynomial 0x04c11db7, not reflected, from 0,
// which hash/crc32 (reflected) does not compute.
func oggCRCOf(b []byte) uint32 {
	var crc uint32
	for _, c := range b {
		crc = crc<<8 ^ oggTable[byte(crc>>24)^c]
	}
	return crc
}

var oggTable = func() (t [256]uint32) {
	for i := range t {
		r := uint32(i) << 24
		for range 8 {
			if r&0x80000000 != 0 {
				r = r<<1 ^ 0x04c11db7
			} else {
				r <<= 1
			}
		}
		t[i] = r
	}
	return t
}()

// identification checks the first packet: OpusHead (RFC 7845 section 5.1)
// or Vorbis I's identification header.
func identification(p []byte) error {
	switch {
	case len(p) >= 19 && string(p[:8]) == "OpusHead":
		if p[8]>>4 != 0 || p[9] == 0 {
			return errors.New("its Opus header is not one we can play")
		}
		return nil
	case len(p) >= 30 && p[0] == 1 && string(p[1:7]) == "vorbis":
		if binary.LittleEndian.Uint32(p[7:11]) != 0 || p[11] == 0 || binary.LittleEndian.Uint32(p[12:16]) == 0 || p[29]&1 == 0 {
			return errors.New("its Vorbis header is not one we can play")
		}
		return nil
	}
	return errors.New("it holds neither Opus nor Vorbis")
}
