package server

import "bookshop/internal/auth"

// AdminPermissions is each back-office route's permission as routes.go
// declares it ("" for any staff member), for the route tests.
func (s *Server) AdminPermissions() map[string]auth.Permission {
	mux := newRouteMux()
	s.register(mux)
	return mux.perms
}
