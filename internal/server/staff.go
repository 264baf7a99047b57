package server

import (
	"fmt"
	"net/http"
	"strings"

	"bookshop/internal/auth"
	"bookshop/internal/httpx"
)

// Who may call the back office (/api/admin/) is declared on each route in
// routes.go, with staff(auth.PermX, handler) or anyStaff(handler); the
// handlers read the checked caller with auth.StaffFrom and check nothing
// themselves.

// staffRoute is a back-office route's gate: a staff member at aal2 whose role
// allows perm ("" for any staff member), checked before anything of the
// route runs (its Idempotency-Key, its rate limit, its body).
type staffRoute struct {
	perm auth.Permission
	next http.Handler
}

// staff declares that only staff whose role allows p may call next.
func staff(p auth.Permission, next http.Handler) http.Handler {
	if p == "" {
		panic("server: staff needs a permission; use anyStaff for a route every staff member may call")
	}
	return staffRoute{perm: p, next: next}
}

// anyStaff declares that every staff member (in a two-step session) may
// call next: GET /api/admin/me, which tells the app what the role may do.
func anyStaff(next http.Handler) http.Handler { return staffRoute{next: next} }

func (s staffRoute) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// staffArea has checked the session and left the caller in the context,
	// so the gate reads the session only when it runs without the area.
	c, err := auth.StaffFrom(r.Context())
	if err != nil {
		c, err = auth.RequireStaffSession(r.Context())
	}
	if err == nil && s.perm != "" {
		err = auth.Permit(c, s.perm)
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	s.next.ServeHTTP(w, r.WithContext(auth.WithStaff(r.Context(), c)))
}

// routeMux is the shop's ServeMux. It refuses a route under /api/admin/
// registered without staff or anyStaff, so none can be added without saying
// who may call it.
type routeMux struct {
	*http.ServeMux
	perms map[string]auth.Permission // each back-office route's permission ("" any staff)
}

func newRouteMux() *routeMux {
	return &routeMux{ServeMux: http.NewServeMux(), perms: map[string]auth.Permission{}}
}

// Handle registers h for pattern, as http.ServeMux.Handle does.
func (m *routeMux) Handle(pattern string, h http.Handler) {
	if err := m.declare(pattern, h); err != nil {
		panic(err)
	}
	m.ServeMux.Handle(pattern, h)
}

// HandleFunc registers a plain handler, which may not be a back-office route's.
func (m *routeMux) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(h))
}

// declare records the permission of a back-office route, or tells that it has none.
func (m *routeMux) declare(pattern string, h http.Handler) error {
	if !isAdminPattern(pattern) {
		return nil
	}
	gate, ok := h.(staffRoute)
	if !ok {
		return fmt.Errorf("server: %q is a back-office route registered without a permission: wrap it in staff(auth.PermX, ...)", pattern)
	}
	m.perms[pattern] = gate.perm
	return nil
}

// isAdminPattern tells a ServeMux pattern ("POST /api/admin/books") of the back office.
func isAdminPattern(pattern string) bool {
	_, path, found := strings.Cut(pattern, " ")
	if !found {
		path = pattern
	}
	return strings.HasPrefix(strings.TrimSpace(path), "/api/admin/")
}

// staffArea refuses every /api/admin/ request that is not from a staff
// member's two-step session, whether or not a route has its path, so the
// back office's paths tell nobody else what exists (404 or 405). It hands
// the checked caller on in the context (auth.WithStaff), where the route's
// own gate (staff) finds it and checks only the permission: the session is
// read once per request.
func (s *Server) staffArea(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/admin/") {
			c, err := auth.RequireStaffSession(r.Context())
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			r = r.WithContext(auth.WithStaff(r.Context(), c))
		}
		next.ServeHTTP(w, r)
	})
}
