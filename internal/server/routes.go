package server

import (
	"net/http"

	"bookshop/internal/contact"
	"bookshop/internal/httpx"
)

// routes registers every route of the shop. Read this file to see the whole
// API surface; each feature's handlers live in its own package.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	h := httpx.Handle

	mux.Handle("GET /api/health", h(s.health))
	mux.Handle("GET /api/settings", h(s.settings))

	// Catalogue (internal/catalog): precomputed JSON with ETags.
	mux.Handle("GET /api/books", h(s.catalog.ListBooks))
	mux.Handle("GET /api/books/{id}", h(s.catalog.GetBook))
	mux.Handle("GET /api/categories", h(s.catalog.ListCategories))

	// Contact form (internal/contact): stores the message and e-mails support.
	mux.Handle("POST /functions/v1/send-contact-email", contact.NewHandler(contact.NewService(s.db, s.cfg.SupportEmail)))

	// Every other path is the single-page app; it renders its own not-found page.
	return splitAPI(mux, s.app)
}
