package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"bookshop/internal/auth"
	"bookshop/internal/httpx"
)

// A route under /api/admin/ cannot be registered without saying who may
// call it; any other route can.
func TestAdminRouteNeedsAPermission(t *testing.T) {
	ok := httpx.Handle(func(w http.ResponseWriter, r *http.Request) error { return nil })
	m := newRouteMux()
	for _, pattern := range []string{"GET /api/admin/books", "POST /api/admin/covers", "/api/admin/anything", "DELETE  /api/admin/x"} {
		if err := m.declare(pattern, ok); err == nil || !strings.Contains(err.Error(), "without a permission") {
			t.Errorf("%s without staff: %v, want refused", pattern, err)
		}
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Handle of an admin route without staff did not panic")
			}
		}()
		m.Handle("PUT /api/admin/game-config", ok)
	}()
	m.Handle("GET /api/books", ok)
	m.Handle("PUT /api/admin/books/{id}", staff(auth.PermCatalog, ok))
	m.Handle("GET /api/admin/me", anyStaff(ok))
	if p, found := m.perms["PUT /api/admin/books/{id}"]; !found || p != auth.PermCatalog {
		t.Errorf("recorded %q %v", p, found)
	}
	if p, found := m.perms["GET /api/admin/me"]; !found || p != "" {
		t.Errorf("anyStaff recorded %q %v", p, found)
	}
	if _, found := m.perms["GET /api/books"]; found {
		t.Error("a public route has a permission")
	}
}

// The gate refuses before the handler runs, and hands it the caller it checked.
func TestStaffGate(t *testing.T) {
	var reached *auth.Caller
	next := httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		c, err := auth.StaffFrom(r.Context())
		if err != nil {
			return err
		}
		reached = &c
		w.WriteHeader(http.StatusNoContent)
		return nil
	})
	for _, c := range []struct {
		name   string
		caller *auth.Caller
		gate   http.Handler
		status int
		body   string
	}{
		{"anonymous", nil, staff(auth.PermRefunds, next), 401, "No user logged in"},
		{"a customer", &auth.Caller{UserID: "u", Role: auth.RoleUser, AAL: "aal2"}, staff(auth.PermRefunds, next), 403, "Access Denied"},
		{"staff at aal1", &auth.Caller{UserID: "u", Role: auth.RoleOwner, AAL: "aal1"}, staff(auth.PermRefunds, next), 403, "two-step sign-in"},
		{"a role without the permission", &auth.Caller{UserID: "u", Role: auth.RoleSupport, AAL: "aal2"}, staff(auth.PermRefunds, next), 403, "Your role does not allow this."},
		{"a role with it", &auth.Caller{UserID: "m", Role: auth.RoleManager, AAL: "aal2"}, staff(auth.PermRefunds, next), 204, ""},
		{"any staff", &auth.Caller{UserID: "s", Role: auth.RoleSupport, AAL: "aal2"}, anyStaff(next), 204, ""},
		{"any staff, a customer", &auth.Caller{UserID: "u", Role: auth.RoleUser, AAL: "aal2"}, anyStaff(next), 403, "Access Denied"},
		{"no gate: the handler fails closed", &auth.Caller{UserID: "o", Role: auth.RoleOwner, AAL: "aal2"}, next, 403, "Access Denied"},
	} {
		t.Run(c.name, func(t *testing.T) {
			reached = nil
			r := httptest.NewRequest("POST", "/api/admin/orders/SF-1/refund", nil)
			if c.caller != nil {
				r = r.WithContext(auth.WithCaller(r.Context(), *c.caller))
			}
			rec := httptest.NewRecorder()
			c.gate.ServeHTTP(rec, r)
			if rec.Code != c.status || !strings.Contains(rec.Body.String(), c.body) {
				t.Fatalf("%d %s, want %d %q", rec.Code, rec.Body, c.status, c.body)
			}
			if (c.status == 204) != (reached != nil) || reached != nil && reached.UserID != c.caller.UserID {
				t.Fatalf("handler reached with %+v", reached)
			}
		})
	}
}

// callerReads counts the reads of the signed-in caller that reach it: a
// context placed just beneath the caller's, so every auth.CallerFrom passes
// through it, while the checked staff member (auth.WithStaff, above it) is
// found before it.
type callerReads struct {
	context.Context
	n *int
}

func (c callerReads) Value(key any) any {
	v := c.Context.Value(key)
	if _, ok := v.(auth.Caller); ok {
		*c.n++
	}
	return v
}

// The back office's area checks the session and its route's gate reuses that
// check: one read of the session per request, and the same refusals.
func TestStaffAreaReadsTheSessionOnce(t *testing.T) {
	s := &Server{}
	mux := newRouteMux()
	mux.Handle("POST /api/admin/orders/{number}/refund", staff(auth.PermRefunds, httpx.Handle(func(w http.ResponseWriter, r *http.Request) error {
		if _, err := auth.StaffFrom(r.Context()); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	})))
	area := s.staffArea(mux)
	for _, c := range []struct {
		name   string
		role   auth.Role
		path   string
		status int
	}{
		{"a role with the permission", auth.RoleManager, "/api/admin/orders/SF-1/refund", 204},
		{"a role without it", auth.RoleSupport, "/api/admin/orders/SF-1/refund", 403},
		{"an unknown path, staff", auth.RoleOwner, "/api/admin/nothing", 404},
		{"an unknown path, a customer", auth.RoleUser, "/api/admin/nothing", 403},
	} {
		t.Run(c.name, func(t *testing.T) {
			reads := 0
			ctx := auth.WithCaller(context.Background(), auth.Caller{UserID: "u", Role: c.role, AAL: "aal2"})
			r := httptest.NewRequest("POST", c.path, nil).WithContext(callerReads{ctx, &reads})
			rec := httptest.NewRecorder()
			area.ServeHTTP(rec, r)
			if rec.Code != c.status {
				t.Fatalf("%d %s, want %d", rec.Code, rec.Body, c.status)
			}
			if reads != 1 {
				t.Fatalf("the session was read %d times, want once", reads)
			}
		})
	}
}
