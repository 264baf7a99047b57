package media_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"bookshop/internal/media"
)

func TestDetectAudioAcceptsRealFiles(t *testing.T) {
	for file, want := range map[string]media.Format{
		"tone.mp3":           media.MP3,
		"tone.m4a":           media.M4A, // moov after the sound
		"tone-faststart.m4a": media.M4A, // moov first
		"tone-opus.ogg":      media.Ogg,
		"tone-vorbis.ogg":    media.Ogg,
	} {
		data, err := os.ReadFile("testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := media.DetectAudio(bytes.NewReader(data), int64(len(data)))
		if err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", file, got, err, want)
		}
	}
}

func TestDetectAudioRefuses(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	ogg := read("tone-opus.ogg")
	badCRC := bytes.Clone(ogg)
	badCRC[30] ^= 0xFF
	m4a := read("tone-faststart.m4a")
	videoBrand := bytes.Replace(bytes.Clone(m4a), []byte("soun"), []byte("vide"), 1)
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"text named .mp3":        {[]byte("just some words, not a song\n"), "not an MP3, M4A or Ogg"},
		"empty":                  {nil, "not an MP3, M4A or Ogg"},
		"frame sync then noise":  {append([]byte{0xFF, 0xFB}, bytes.Repeat([]byte{0x11}, 50)...), "MP3"},
		"ID3 tag, no frames":     {append([]byte("ID3\x04\x00\x00\x00\x00\x00\x0a"), make([]byte, 10)...), "MP3"},
		"Ogg with a bad CRC":     {badCRC, "checksum"},
		"Ogg cut after page one": {ogg[:pageEnd(ogg)], "stops after its first page"},
		"ftyp only":              {m4a[:int(m4a[3])], "no movie header"},
		"MP4 without sound":      {videoBrand, "no AAC sound track"},
		"box size past the end":  {append([]byte("\x00\x00\xff\xffftypM4A "), make([]byte, 8)...), "size is wrong"},
	} {
		_, err := media.DetectAudio(bytes.NewReader(tc.data), int64(len(tc.data)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, tc.want)
		}
	}
}

// A declared format is checked as that format, whatever the bytes start as.
func TestCheckAudioHoldsToTheDeclaredFormat(t *testing.T) {
	data, err := os.ReadFile("testdata/tone-vorbis.ogg")
	if err != nil {
		t.Fatal(err)
	}
	if err := media.CheckAudio(bytes.NewReader(data), int64(len(data)), media.MP3); err == nil {
		t.Fatal("an Ogg file passed as MP3")
	}
	if err := media.CheckAudio(bytes.NewReader(data), int64(len(data)), media.Ogg); err != nil {
		t.Fatal(err)
	}
}

// pageEnd is where an Ogg stream's first page ends.
func pageEnd(ogg []byte) int {
	n := int(ogg[26])
	end := 27 + n
	for _, s := range ogg[27 : 27+n] {
		end += int(s)
	}
	return end
}
