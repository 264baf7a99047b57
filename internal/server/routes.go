package server

import (
	"net/http"

	"bookshop/internal/httpx"
)

// routes registers every route of the shop. Read this file to see the whole
// API surface; each feature's handlers live in its own package.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	h := httpx.Handle

	mux.Handle("GET /api/health", h(s.health))
	mux.Handle("GET /api/settings", h(s.settings))

	// Every other path is the single-page app; it renders its own not-found page.
	return splitAPI(mux, s.app)
}
