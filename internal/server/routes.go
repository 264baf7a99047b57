package server

import (
	"net/http"

	"bookshop/internal/contact"
	"bookshop/internal/dreams"
	"bookshop/internal/httpx"
	"bookshop/internal/orders"
)

// routes registers every route of the shop. Read this file to see the whole
// API surface; each feature's handlers live in its own package.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	h := httpx.Handle
	// limited declares a route's per-client rate limit where it is
	// registered: over it, a 429 with message and Retry-After in the route
	// group's own error shape.
	limited := s.limiter.Limit
	// idempotent declares that a creating route runs once per
	// Idempotency-Key: a repeat with the same key gets the first response
	// (internal/idempotency). Outside limited, so a repeat is not counted.
	idempotent := s.idempotency.Middleware

	mux.Handle("GET /api/health", h(s.health))
	mux.Handle("GET /api/settings", h(s.settings))

	// Catalogue (internal/catalog): precomputed JSON with ETags.
	mux.Handle("GET /api/books", h(s.catalog.ListBooks))
	mux.Handle("GET /api/books/{id}", h(s.catalog.GetBook))
	mux.Handle("GET /api/categories", h(s.catalog.ListCategories))

	// Orders and payments (internal/orders): the spec's payment function
	// (create_order, capture_order, demo_payment) and the buyer's orders.
	mux.Handle("POST /functions/v1/process-payment", httpx.HandleWith(orders.WriteError, s.orders.ProcessPayment))
	mux.Handle("GET /api/orders", h(s.orders.ListOrders))
	mux.Handle("GET /api/orders/{number}", h(s.orders.GetOrder))

	// Newsletter (internal/newsletter) and the checkout's default country (internal/geo).
	mux.Handle("POST /api/newsletter", h(idempotent(limited("newsletter", "Too many sign-ups. Please wait a minute and try again.", s.newsletter.HandleSubscribe))))
	mux.Handle("GET /api/geo", h(s.geo.HandleGeo))

	// Contact form (internal/contact): stores the message and e-mails support.
	mux.Handle("POST /functions/v1/send-contact-email", httpx.HandleWith(contact.WriteError,
		idempotent(limited("contact", "Too many messages. Please wait a minute and try again.", s.contact.HandleSend))))

	// Accounts (internal/auth): the Supabase-Auth-compatible API used by
	// @supabase/auth-js under /auth/v1, and the caller's own profile
	// (/api/profile). The list lives in (*auth.Service).Register.
	s.auth.Register(mux)

	// The parent's account area (internal/account): children, devices,
	// communication preference, the data export and account deletion.
	mux.Handle("GET /api/kids", h(s.account.ListKids))
	mux.Handle("POST /api/kids", h(idempotent(s.account.CreateKid)))
	mux.Handle("PATCH /api/kids/{id}", h(s.account.PatchKid))
	mux.Handle("DELETE /api/kids/{id}", h(s.account.DeleteKid))
	mux.Handle("POST /api/devices", h(idempotent(s.account.CreateDevice)))
	mux.Handle("GET /api/devices", h(s.account.ListDevices))
	mux.Handle("GET /api/communications", h(s.account.GetCommunications))
	mux.Handle("PUT /api/communications", h(s.account.PutCommunications))
	mux.Handle("GET /api/account/export", h(s.account.GetExport))
	mux.Handle("DELETE /api/account", h(limited("delete_account", "Too many attempts. Please wait a minute and try again.", s.account.DeleteMe)))

	// Dream Maker (internal/dreams): bedtime stories for the parent's children.
	mux.Handle("GET /api/dreams/choices", h(s.dreams.GetChoices))
	mux.Handle("GET /api/dreams", h(s.dreams.ListDreams))
	mux.Handle("POST /api/dreams", h(idempotent(limited("dreams", dreams.TooManyDreams, s.dreams.CreateDream))))
	mux.Handle("DELETE /api/dreams/{id}", h(s.dreams.DeleteDream))

	// Games (internal/games): the published configuration; writes are the admin's.
	mux.Handle("GET /api/game-config", h(s.games.GetConfig))
	mux.Handle("PUT /api/game-config", h(s.games.PutConfig))
	mux.Handle("POST /api/game-images", h(s.games.CreateImage))
	mux.Handle("GET /api/game-images/{hash}", h(s.games.GetImage))

	// Development mailbox (internal/mail): 404 unless --dev.
	mux.Handle("GET /dev/mail", h(s.mail.DevMailboxPage))
	mux.Handle("GET /api/dev/mail", h(s.mail.DevMailboxJSON))

	mux.HandleFunc("GET /thank-you", s.thankYou)

	// Every other path is the single-page app; it renders its own not-found page.
	return splitAPI(mux, s.app, s.auth.WriteNoRoute)
}
