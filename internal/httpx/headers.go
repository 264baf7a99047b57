package httpx

import "net/http"

// Headers is a set of response headers made once and put on many responses
// without canonicalising keys or allocating, for the hot paths: every
// response's security headers and the catalogue's precomputed answers.
//
// The value slices are shared between responses. That is safe because
// http.Header values are only ever replaced (Set) or appended to, and each
// slice's capacity equals its length, so an append copies it.
type Headers map[string][]string

// NewHeaders makes Headers from key, value pairs.
func NewHeaders(kv ...string) Headers {
	h := make(Headers, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		h[http.CanonicalHeaderKey(kv[i])] = []string{kv[i+1]}
	}
	return h
}

// With is a copy of h with more headers.
func (h Headers) With(kv ...string) Headers {
	out := NewHeaders(kv...)
	for k, v := range h {
		if _, ok := out[k]; !ok {
			out[k] = v
		}
	}
	return out
}

// Apply sets every header of h on dst.
func (h Headers) Apply(dst http.Header) {
	for k, v := range h {
		dst[k] = v
	}
}
