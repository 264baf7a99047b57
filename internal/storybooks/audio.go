package storybooks

import "bookshop/internal/media"

// A page's narration is checked by decoding its header as the type it was
// sent as says, so a text file renamed .mp3 (or anything else that would
// not play) is refused. The checks are internal/media's, which the
// downloadable files (internal/files) share.

// audioFormats are the accepted types (as browsers name the files) and the
// format each is checked, stored and served as.
var audioFormats = map[string]media.Format{
	"audio/mpeg":  media.MP3,
	"audio/mp3":   media.MP3,
	"audio/mp4":   media.M4A,
	"audio/x-m4a": media.M4A,
	"audio/m4a":   media.M4A,
	"audio/ogg":   media.Ogg,
	"audio/opus":  media.Ogg,
}
