package httpx

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// Compress gzips responses for clients that accept it. Responses that are
// already encoded (the app's precompressed files) pass through untouched.
func Compress(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(512))
	if err != nil {
		panic(err) // only reachable with invalid constant options
	}
	return wrap(next)
}
