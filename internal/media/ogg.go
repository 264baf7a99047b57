package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
)

// maxOggPage is the largest Ogg page: a 27-byte header, 255 lacing values
// and 255 segments of 255 bytes.
const maxOggPage = 27 + 255 + 255*255

// checkOgg reads an Ogg stream's first two pages, their CRCs checked: the
// first opens the stream and holds Opus's or Vorbis's identification header.
func checkOgg(r io.ReaderAt, size int64) error {
	data := make([]byte, min(size, 2*maxOggPage))
	if _, err := r.ReadAt(data, 0); err != nil && !errors.Is(err, io.EOF) {
		return errors.New("it could not be read")
	}
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

type oggPageData struct {
	flags byte
	body  []byte
}

// oggPage reads the page at the start of data (RFC 3533 section 6) and
// returns it and what follows it.
func oggPage(data []byte) (oggPageData, []byte, error) {
	if len(data) < 27 || string(data[:4]) != "OggS" || data[4] != 0 {
		return oggPageData{}, nil, errors.New("it is not an Ogg stream")
	}
	n := int(data[26])
	if len(data) < 27+n {
		return oggPageData{}, nil, errors.New("an Ogg page is cut short")
	}
	size := 0
	for _, s := range data[27 : 27+n] {
		size += int(s)
	}
	end := 27 + n + size
	if len(data) < end {
		return oggPageData{}, nil, errors.New("an Ogg page is cut short")
	}
	header := bytes.Clone(data[:end])
	want := binary.LittleEndian.Uint32(header[22:26])
	clear(header[22:26])
	if OggCRC(header) != want {
		return oggPageData{}, nil, errors.New("an Ogg page's checksum is wrong")
	}
	return oggPageData{flags: data[5], body: data[27+n : end]}, data[end:], nil
}

// OggCRC is Ogg's CRC-32 of a page whose checksum field is zero:
// polynomial 0x04c11db7, not reflected, from 0, which hash/crc32
// (reflected) does not compute. Tests use it to write pages.
func OggCRC(b []byte) uint32 {
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
	return errors.New("its Ogg stream holds neither Opus nor Vorbis")
}
