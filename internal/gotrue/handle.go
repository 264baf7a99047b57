package gotrue

import (
	"net/http"

	"bookshop/internal/httpx"
)

// TooManyRequests is GoTrue's message for the per-client rate limit, which
// internal/server/routes.go declares on the sign-in and e-mail routes.
const TooManyRequests = "Request rate limit reached"

// Handle adapts a handler of /auth/v1, the Supabase-Auth-compatible API
// that @supabase/auth-js calls: CORS headers as Supabase Auth sends them, a
// query string with control characters refused before any handler reads it,
// and errors in GoTrue's shapes (writeError). internal/server/routes.go
// registers every /auth/v1 route through it.
func (s *Service) Handle(h httpx.HandlerFunc) http.Handler {
	next := httpx.HandleWith(writeError, func(w http.ResponseWriter, r *http.Request) error {
		if err := httpx.CheckText(r.URL.Query()); err != nil {
			return err
		}
		return h(w, r)
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.setCORSHeaders(w, r)
		next.ServeHTTP(w, r)
	})
}
