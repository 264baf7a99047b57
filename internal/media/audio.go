// Package media checks uploaded audio by its content, not by its name or
// the type the browser sent: a text file renamed .mp3 is refused. The
// checks read through an io.ReaderAt, so a 100 MB audiobook track on disk
// is checked without being read into memory, and a small upload held in
// memory is checked through bytes.NewReader.
//
// MP3 is decoded by a real decoder (github.com/hajimehoshi/go-mp3: its
// first frames, after any ID3 tag); M4A and Ogg are read by their
// containers' specifications (ISO/IEC 14496-12 boxes; RFC 3533 pages with
// their CRC, then RFC 7845's OpusHead or Vorbis I's identification header),
// as the module proxy serves no well-kept parser for either
// (github.com/abema/go-mp4 is not available there).
package media

import (
	"errors"
	"io"
)

// Format is an accepted audio format.
type Format string

const (
	MP3 Format = "mp3" // MPEG-1/2 Layer III, with or without an ID3 tag
	M4A Format = "m4a" // AAC in an MP4 container (.m4a, .m4b)
	Ogg Format = "ogg" // Opus or Vorbis in Ogg
)

// ContentType is the type a format is stored and served as.
func (f Format) ContentType() string {
	switch f {
	case MP3:
		return "audio/mpeg"
	case M4A:
		return "audio/mp4"
	case Ogg:
		return "audio/ogg"
	}
	return "application/octet-stream"
}

// Name is the format as people call it, for messages.
func (f Format) Name() string {
	switch f {
	case MP3:
		return "MP3"
	case M4A:
		return "M4A"
	case Ogg:
		return "Ogg"
	}
	return string(f)
}

// ErrNotAudio is DetectAudio's error for a file that starts as none of the
// accepted formats.
var ErrNotAudio = errors.New("it is not an MP3, M4A or Ogg (Opus or Vorbis) file")

// DetectAudio tells the format of the size bytes of r by their first bytes
// and checks them as that format. The error says, in words a person can
// read after "The file could not be used: ", what is wrong.
func DetectAudio(r io.ReaderAt, size int64) (Format, error) {
	head := make([]byte, 12)
	n, _ := r.ReadAt(head, 0)
	head = head[:n]
	var f Format
	switch {
	case len(head) >= 4 && string(head[:4]) == "OggS":
		f = Ogg
	case len(head) >= 8 && string(head[4:8]) == "ftyp":
		f = M4A
	case len(head) >= 3 && string(head[:3]) == "ID3", len(head) >= 2 && head[0] == 0xFF && head[1]&0xE0 == 0xE0:
		f = MP3
	default:
		return "", ErrNotAudio
	}
	return f, CheckAudio(r, size, f)
}

// CheckAudio checks that the size bytes of r are audio of format f: what
// a route that was told the format (a declared Content-Type) calls.
func CheckAudio(r io.ReaderAt, size int64, f Format) error {
	switch f {
	case MP3:
		return checkMP3(r, size)
	case M4A:
		return checkM4A(r, size)
	case Ogg:
		return checkOgg(r, size)
	}
	return ErrNotAudio
}
