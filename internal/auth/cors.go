package auth

import (
	"net/http"
)

// Preflight answers CORS preflight requests to /auth/v1.
func (s *Service) Preflight(w http.ResponseWriter, r *http.Request) {
	setCORSHeaders(w, r)
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Accept, Authorization, Content-Type, X-Client-IP, X-Client-Info, X-JWT-AUD, apikey, X-Supabase-Api-Version")
	h.Set("Access-Control-Max-Age", "86400")
	w.WriteHeader(http.StatusNoContent)
}

// setCORSHeaders mirrors Supabase Auth, which accepts any origin: the
// API authenticates with bearer tokens, never cookies.
func setCORSHeaders(w http.ResponseWriter, r *http.Request) {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return
	}
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Allow-Credentials", "true")
	h.Set("Access-Control-Expose-Headers", "X-Total-Count, Link, X-Supabase-Api-Version")
	h.Add("Vary", "Origin")
}
