package files

import (
	"net/http"
	"net/http/httptest"
)

func httptestRequest(rng, ifRange string) *http.Request {
	r := httptest.NewRequest("GET", "/downloads/x", nil)
	if rng != "" {
		r.Header.Set("Range", rng)
	}
	if ifRange != "" {
		r.Header.Set("If-Range", ifRange)
	}
	return r
}
