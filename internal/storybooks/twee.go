package storybooks

import (
	"errors"

	"bookshop/internal/httpx"
	"bookshop/internal/storybooks/story"
)

// parseTwee reads a Twee 3 file, its errors as a 400 saying what is wrong.
func parseTwee(src []byte) (story.Storybook, error) {
	b, err := story.ParseTwee(src)
	var e *httpx.Error
	if err != nil && !errors.As(err, &e) {
		err = httpx.Invalid("The Twee file could not be read: "+err.Error(), map[string]string{"file": err.Error()})
	}
	return b, err
}
