package gotrue

import (
	"net/http"
	"net/url"
	"slices"
)

// ServePreflight responds to CORS preflight requests to /auth/v1.
func (s *Service) ServePreflight(w http.ResponseWriter, r *http.Request) {
	s.setCORSHeaders(w, r)
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Accept, Authorization, Content-Type, X-Client-IP, X-Client-Info, X-JWT-AUD, apikey, X-Supabase-Api-Version")
	h.Set("Access-Control-Max-Age", "86400")
	w.WriteHeader(http.StatusNoContent)
}

// setCORSHeaders lets a browser page call /auth/v1 only from the shop's
// own origin (SITE_URL's) or one of AUTH_CORS_ORIGINS; any other origin
// gets no CORS headers, so its pages cannot read the responses (#9).
func (s *Service) setCORSHeaders(w http.ResponseWriter, r *http.Request) {
	origin := r.Header.Get("Origin")
	if origin == "" || !s.corsAllowed(origin) {
		return
	}
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Allow-Credentials", "true")
	h.Set("Access-Control-Expose-Headers", "X-Total-Count, Link, X-Supabase-Api-Version")
	h.Add("Vary", "Origin")
}

func (s *Service) corsAllowed(origin string) bool {
	if u, err := url.Parse(s.cfg.SiteURL); err == nil && origin == u.Scheme+"://"+u.Host {
		return true
	}
	return slices.Contains(s.cfg.AuthCORSOrigins, origin)
}
