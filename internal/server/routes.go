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
	// @supabase/auth-js, and the caller's own profile.
	a := s.auth.Handle
	mux.HandleFunc("OPTIONS /auth/v1/", s.auth.Preflight)
	mux.Handle("GET /auth/v1/settings", a(s.auth.Settings))
	mux.Handle("POST /auth/v1/signup", a(s.auth.Signup))
	mux.Handle("POST /auth/v1/token", a(s.auth.Token))
	mux.Handle("GET /auth/v1/verify", a(s.auth.VerifyGet))
	mux.Handle("POST /auth/v1/verify", a(s.auth.VerifyPost))
	mux.Handle("POST /auth/v1/otp", a(s.auth.OTP))
	mux.Handle("POST /auth/v1/recover", a(s.auth.Recover))
	mux.Handle("POST /auth/v1/resend", a(s.auth.Resend))
	mux.Handle("GET /auth/v1/verification-status", a(s.auth.VerificationStatus))
	mux.Handle("GET /auth/v1/user", a(s.auth.GetUser))
	mux.Handle("PUT /auth/v1/user", a(s.auth.UpdateUser))
	mux.Handle("POST /auth/v1/logout", a(s.auth.Logout))
	mux.Handle("GET /auth/v1/authorize", a(s.auth.Authorize))
	mux.Handle("GET /auth/v1/callback", a(s.auth.GoogleCallback))
	mux.Handle("POST /auth/v1/factors", a(s.auth.EnrollFactor))
	mux.Handle("POST /auth/v1/factors/recovery_codes", a(s.auth.RegenerateRecoveryCodes))
	mux.Handle("POST /auth/v1/factors/{id}/challenge", a(s.auth.ChallengeFactor))
	mux.Handle("POST /auth/v1/factors/{id}/verify", a(s.auth.VerifyFactor))
	mux.Handle("DELETE /auth/v1/factors/{id}", a(s.auth.UnenrollFactor))
	mux.Handle("GET /api/profile", h(s.auth.GetProfile))
	mux.Handle("PATCH /api/profile", h(s.auth.PatchProfile))

	// The parent's account area (internal/account): children, devices,
	// communication preference, the data export and account deletion.
	mux.Handle("GET /api/kids", h(s.account.ListKids))
	mux.Handle("POST /api/kids", h(s.account.CreateKid))
	mux.Handle("PATCH /api/kids/{id}", h(s.account.PatchKid))
	mux.Handle("DELETE /api/kids/{id}", h(s.account.DeleteKid))
	mux.Handle("POST /api/devices", h(s.account.CreateDevice))
	mux.Handle("GET /api/devices", h(s.account.ListDevices))
	mux.Handle("GET /api/communications", h(s.account.GetCommunications))
	mux.Handle("PUT /api/communications", h(s.account.PutCommunications))
	mux.Handle("GET /api/account/export", h(s.account.GetExport))
	mux.Handle("DELETE /api/account", h(s.account.DeleteMe))

	// Dream Maker (internal/dreams): bedtime stories for the parent's children.
	mux.Handle("GET /api/dreams/choices", h(s.dreams.Choices))
	mux.Handle("GET /api/dreams", h(s.dreams.List))
	mux.Handle("POST /api/dreams", h(s.dreams.Create))
	mux.Handle("DELETE /api/dreams/{id}", h(s.dreams.Delete))

	// Development mailbox (internal/mail): 404 unless --dev.
	mux.Handle("GET /dev/mail", h(s.mail.DevMailboxPage))
	mux.Handle("GET /api/dev/mail", h(s.mail.DevMailboxJSON))

	// Every other path is the single-page app; it renders its own not-found page.
	return splitAPI(mux, s.app)
}
