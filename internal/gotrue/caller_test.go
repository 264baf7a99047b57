package gotrue_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/gotrue"
)

// service is a second account service on the test server's database, as
// another instance of the shop would run it.
func service(t *testing.T, e *apitest.Env) *gotrue.Service {
	t.Helper()
	unused := errors.New("not used by the caller's tests")
	shop := gotrue.Shop{EraseAccount: func(context.Context, *db.Tx, string) error { return unused },
		Records: gotrue.CustomerRecords{Orders: func(context.Context, string) (any, error) { return nil, unused },
			Children: func(context.Context, string) (int, error) { return 0, unused }}}
	s, err := gotrue.New(context.Background(), gotrue.Settings{SiteURL: site, EmailCooldown: time.Minute}, e.DB, shop, gotrue.WithClock(e.Clock.Now))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// callerFor runs the middleware on a request with the access token and
// returns the caller it found, if any.
func callerFor(s *gotrue.Service, token string) auth.Caller {
	var got auth.Caller
	mw := s.Middleware(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		got, _ = auth.CallerFrom(r.Context())
	}))
	req := httptest.NewRequest("GET", "/api/anything", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	mw.ServeHTTP(httptest.NewRecorder(), req)
	return got
}

// The middleware names the caller of a live session with the profile's
// role; a revoked session or a forged token is anonymous. Staff roles and
// made_purchase are set from outside the HTTP API.
func TestCallerAndRole(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "pat@example.com")
		svc := service(t, e)
		ctx := context.Background()

		if err := svc.MarkPurchased(ctx, s.User.ID); err != nil {
			t.Fatal(err)
		}
		if err := svc.MarkPurchased(ctx, "no-such-user"); err == nil {
			t.Fatal("MarkPurchased of an unknown user succeeded")
		}
		if err := gotrue.SetRole(ctx, d, "PAT@example.com", auth.RoleEditor); err != nil {
			t.Fatal(err)
		}
		if err := gotrue.SetRole(ctx, d, "ghost@example.com", auth.RoleOwner); !errors.Is(err, gotrue.ErrUnknownEmail) {
			t.Fatalf("unknown e-mail: %v", err)
		}
		p := e.Request("GET", "/api/profile", nil, "", s.auth()).Expect(t, http.StatusOK).JSON(t)
		if p["made_purchase"] != true || p["role"] != "editor" {
			t.Fatalf("after purchase and grant: %v", p)
		}
		if c := callerFor(svc, s.AccessToken); c.Role != auth.RoleEditor || c.UserID != s.User.ID || c.AAL != "aal1" {
			t.Fatalf("caller %+v", c)
		}
		if err := gotrue.SetRole(ctx, d, "pat@example.com", auth.RoleUser); err != nil {
			t.Fatal(err)
		}
		if callerFor(svc, s.AccessToken).Role != auth.RoleUser {
			t.Fatal("a revoked staff member is still staff")
		}
		e.Request("POST", "/auth/v1/logout", nil, "", s.auth()).Expect(t, http.StatusNoContent)
		if callerFor(svc, s.AccessToken).UserID != "" {
			t.Fatal("a revoked session still names the caller")
		}
		if callerFor(svc, "forged").UserID != "" {
			t.Fatal("a forged token names a caller")
		}
	})
}

// Every instance signs with one secret kept in the database, so a session
// survives a restart and works on any instance; JWT_SECRET replaces it.
func TestJWTSecretIsKeptInTheDatabase(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		one := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, one, "ann@example.com")
		other := apitest.NewEnv(t, d, nil) // a second instance, or a restart
		other.Request("GET", "/auth/v1/user", nil, "", s.auth()).Expect(t, http.StatusOK)

		const secret = "configured-secret-of-at-least-32-characters"
		configured := apitest.NewEnv(t, d, map[string]string{"JWT_SECRET": secret})
		expectError(t, configured.Request("GET", "/auth/v1/user", nil, "", s.auth()), http.StatusForbidden, "bad_jwt")
		fresh := signIn(t, configured, "ann@example.com", apitest.Password)
		if _, err := jwt.Parse(fresh.AccessToken, func(*jwt.Token) (any, error) { return []byte(secret), nil }, jwt.WithoutClaimsValidation()); err != nil {
			t.Fatalf("a token of the configured secret: %v", err)
		}
	})
}
