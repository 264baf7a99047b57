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

	// Catalogue (internal/catalog): precomputed JSON with ETags.
	mux.Handle("GET /api/books", h(s.catalog.ListBooks))
	mux.Handle("GET /api/books/{id}", h(s.catalog.GetBook))
	mux.Handle("GET /api/categories", h(s.catalog.ListCategories))

	// Orders and payments (internal/orders): the spec's payment function
	// (create_order, capture_order, demo_payment) and the buyer's orders.
	mux.HandleFunc("POST /functions/v1/process-payment", s.orders.ProcessPayment)
	mux.Handle("GET /api/orders", h(s.orders.ListOrders))
	mux.Handle("GET /api/orders/{number}", h(s.orders.GetOrder))

	// Newsletter (internal/newsletter) and the checkout's default country (internal/geo).
	mux.Handle("POST /api/newsletter", h(s.newsletter.HandleSubscribe))
	mux.Handle("GET /api/geo", h(s.geo.HandleGeo))

	// Contact form (internal/contact): stores the message and e-mails support.
	mux.Handle("POST /functions/v1/send-contact-email", s.contact)

	// Accounts (internal/auth): the Supabase-Auth-compatible API used by
	// @supabase/auth-js under /auth/v1, and the caller's own profile
	// (/api/profile). The list lives in (*auth.Service).Register.
	s.auth.Register(mux)

	// Development mailbox (internal/mail): 404 unless --dev.
	mux.Handle("GET /dev/mail", h(s.mail.DevMailboxPage))
	mux.Handle("GET /api/dev/mail", h(s.mail.DevMailboxJSON))

	// Every other path is the single-page app; it renders its own not-found page.
	return splitAPI(mux, s.app)
}
