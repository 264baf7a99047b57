package httpx

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzhttp"
)

// Compress gzips responses for clients that accept it. Responses that are
// already encoded (the app's precompressed files) pass through untouched, and
// so do small ones (a token, a profile, an error): they reach the client in
// its first round trip either way, and compressing each one costs more CPU
// than it saves time.
func Compress(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(minCompressedSize))
	if err != nil {
		panic(err) // only reachable with invalid constant options
	}
	return wrap(next)
}

// NoCompression is the header a handler sets to keep its response as it is
// (a picture already compressed): Compress removes it and sends the bytes.
const NoCompression = gzhttp.HeaderNoCompression

// minCompressedSize: compressing a smaller response saves at most one TCP
// segment (about 1.4 KiB), which the client does not wait for: the response is
// well inside TCP's initial window (ten segments) either way.
const minCompressedSize = 2048

// AcceptsEncoding tells whether the request's Accept-Encoding allows enc
// ("gzip", "br"), for handlers that serve bodies compressed ahead of time.
// A q of zero refuses it.
func AcceptsEncoding(r *http.Request, enc string) bool {
	for part := range strings.SplitSeq(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		if !ok {
			return true
		}
		v, err := strconv.ParseFloat(q, 64)
		return err == nil && v > 0
	}
	return false
}
