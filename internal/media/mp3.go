package media

import (
	"errors"
	"io"

	"github.com/hajimehoshi/go-mp3"
)

// checkMP3 decodes the first frames of an MP3 (after any ID3 tag).
func checkMP3(r io.ReaderAt, size int64) (err error) {
	defer func() { // a decoder fed a hostile file must not take the server down
		if recover() != nil {
			err = errors.New("its MP3 frames could not be decoded")
		}
	}()
	// Given a reader that cannot seek, the decoder reads only what it
	// decodes: with a seeker it would first walk every frame of the file
	// to learn its length, which a check does not need.
	d, err := mp3.NewDecoder(onlyReader{io.NewSectionReader(r, 0, size)})
	if err != nil {
		return errors.New("no MP3 frame was found")
	}
	if d.SampleRate() <= 0 {
		return errors.New("it holds no sound")
	}
	if _, err := io.ReadFull(d, make([]byte, 4096)); err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("its MP3 frames could not be decoded")
	}
	return nil
}

// onlyReader hides every method but Read.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }
