package auth

import (
	"net/http"

	"bookshop/internal/httpx"
)

// Register adds the account service's routes to mux: the
// Supabase-Auth-compatible /auth/v1 API used by @supabase/auth-js, and the
// caller's own profile. internal/server and the tests both call it, so the
// route list exists once. Each /auth/v1 route names its rate-limit bucket
// here, where it is registered.
func (s *Service) Register(mux *http.ServeMux) {
	a := s.handle
	limited := s.limited
	mux.HandleFunc("OPTIONS /auth/v1/", s.Preflight)
	mux.Handle("GET /auth/v1/settings", a(s.Settings))
	mux.Handle("POST /auth/v1/signup", a(limited("signup", s.Signup)))
	mux.Handle("POST /auth/v1/token", a(limited("token", s.Token)))
	mux.Handle("GET /auth/v1/verify", a(limited("verify", s.VerifyGet)))
	mux.Handle("POST /auth/v1/verify", a(limited("verify", s.VerifyPost)))
	mux.Handle("POST /auth/v1/otp", a(limited("otp", s.OTP)))
	mux.Handle("POST /auth/v1/recover", a(limited("recover", s.Recover)))
	mux.Handle("POST /auth/v1/resend", a(limited("resend", s.Resend)))
	mux.Handle("GET /auth/v1/verification-status", a(limited("verification_status", s.VerificationStatus)))
	mux.Handle("GET /auth/v1/user", a(s.GetUser))
	mux.Handle("PUT /auth/v1/user", a(limited("user", s.UpdateUser)))
	mux.Handle("GET /auth/v1/reauthenticate", a(limited("reauthenticate", s.Reauthenticate)))
	mux.Handle("POST /auth/v1/logout", a(s.Logout))
	mux.Handle("GET /auth/v1/authorize", a(limited("authorize", s.Authorize)))
	mux.Handle("GET /auth/v1/callback", a(s.GoogleCallback))
	mux.Handle("POST /auth/v1/factors", a(limited("factors", s.EnrollFactor)))
	mux.Handle("POST /auth/v1/factors/recovery_codes", a(limited("factors", s.RegenerateRecoveryCodes)))
	mux.Handle("POST /auth/v1/factors/{id}/challenge", a(limited("factors", s.ChallengeFactor)))
	mux.Handle("POST /auth/v1/factors/{id}/verify", a(limited("factors", s.VerifyFactor)))
	mux.Handle("DELETE /auth/v1/factors/{id}", a(limited("factors", s.UnenrollFactor)))
	s.registerDisabled(mux) // GoTrue's features the shop turns off (disabled.go)

	mux.Handle("GET /api/profile", httpx.Handle(s.GetProfile))
	mux.Handle("PATCH /api/profile", httpx.Handle(s.PatchProfile))
}

// handle adapts an /auth/v1 handler: CORS headers as Supabase Auth sends
// them, a query string with control characters refused before any handler
// reads it, and errors answered in GoTrue's shapes.
func (s *Service) handle(h httpx.HandlerFunc) http.Handler {
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
