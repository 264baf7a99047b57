package server

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"bookshop/internal/httpx"
)

// While a restore closes the shop, /livez still answers from its route:
// the process is alive; everything else gets the gate's 503.
func TestLivezPassesTheRestoreGate(t *testing.T) {
	routes := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
	closed := func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) })
	}
	h := httpx.Chain(routes, aliveDuringRestore(routes), closed)
	for path, want := range map[string]int{"/livez": http.StatusOK, "/readyz": http.StatusServiceUnavailable, "/api/books": http.StatusServiceUnavailable} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != want {
			t.Errorf("GET %s during a restore = %d, want %d", path, rec.Code, want)
		}
	}
}
