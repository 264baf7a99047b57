package gotrue_test

import (
	"net/http"
	"testing"

	"github.com/pquerna/otp/totp"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// The admin API's factors and passkeys of a user, as auth-js's admin.mfa
// and admin.passkey call them: listed, renamed, removed (the sessions fall
// back to aal1, the recovery codes go with the last factor); someone else's
// factor or passkey, an unknown one and an unknown user are 404 in GoTrue's
// shape, and change nothing. (Access without the key: TestAdminAPIAccess.)
func TestAdminAPIFactorsAndPasskeys(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"AUTH_SERVICE_ROLE_KEY": serviceKey})
		do := func(method, url string, body any) *apitest.Response {
			return e.Request(method, url, body, "", serviceAuth())
		}
		ann := confirmedUser(t, e, "ann@example.com")
		bob := confirmedUser(t, e, "bob@example.com")
		annURL, bobURL := "/auth/v1/admin/users/"+ann.User.ID, "/auth/v1/admin/users/"+bob.User.ID

		// Passkeys: ann's two, listed; one removed by the admin; bob's list is his own.
		_, first := registerPasskey(t, e, ann)
		_, second := registerPasskey(t, e, ann)
		var keys []struct{ ID string }
		do("GET", annURL+"/passkeys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
		if len(keys) != 2 || keys[0].ID == keys[1].ID || (keys[0].ID != first && keys[0].ID != second) || (keys[1].ID != first && keys[1].ID != second) {
			t.Fatalf("ann's passkeys: %+v", keys)
		}
		if r := do("GET", bobURL+"/passkeys", nil).Expect(t, http.StatusOK); r.Body != "[]\n" && r.Body != "[]" {
			t.Fatalf("bob's passkeys: %q", r.Body)
		}
		expectError(t, do("DELETE", bobURL+"/passkeys/"+first, nil), 404, "validation_failed")
		expectError(t, do("DELETE", annURL+"/passkeys/00000000-0000-0000-0000-000000000000", nil), 404, "validation_failed")
		do("DELETE", annURL+"/passkeys/"+second, nil).Expect(t, http.StatusNoContent)
		expectError(t, do("DELETE", annURL+"/passkeys/"+second, nil), 404, "validation_failed")
		if n := e.Count(`SELECT COUNT(*) FROM webauthn_credentials WHERE user_id = ?`, ann.User.ID); n != 1 {
			t.Fatalf("%d passkeys left, want 1", n)
		}

		// Factors: ann turns two-step sign-in on (an aal2 session, recovery codes).
		f := enrol(t, e, ann)
		code, err := totp.GenerateCode(f.TOTP.Secret, e.Clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		verifyCode(t, e, ann, f.ID, code).Expect(t, http.StatusOK)
		var factors []struct{ ID, FriendlyName, FactorType, Status string }
		decodeFactors := func(r *apitest.Response) {
			t.Helper()
			factors = nil
			r.Expect(t, http.StatusOK).Decode(t, &factors)
		}
		decodeFactors(do("GET", annURL+"/factors", nil))
		if len(factors) != 1 || factors[0].ID != f.ID || factors[0].Status != "verified" {
			t.Fatalf("ann's factors: %+v", factors)
		}
		renamed := do("PUT", annURL+"/factors/"+f.ID, map[string]any{"friendly_name": "Ann's old phone"}).Expect(t, http.StatusOK)
		if field(t, renamed, "friendly_name") != "Ann's old phone" || field(t, renamed, "factor_type") != "totp" {
			t.Fatalf("renamed: %s", renamed.Body)
		}

		// Refused: another user's factor, an unknown factor or user, a bad body.
		expectError(t, do("PUT", bobURL+"/factors/"+f.ID, map[string]any{"friendly_name": "x"}), 404, "mfa_factor_not_found")
		expectError(t, do("DELETE", bobURL+"/factors/"+f.ID, nil), 404, "mfa_factor_not_found")
		expectError(t, do("DELETE", annURL+"/factors/00000000-0000-0000-0000-000000000000", nil), 404, "mfa_factor_not_found")
		unknown := "/auth/v1/admin/users/83fd9e20-7a80-46e4-bf29-a86e3d6bbf66"
		expectError(t, do("GET", unknown+"/factors", nil), 404, "user_not_found")
		expectError(t, do("DELETE", unknown+"/factors/"+f.ID, nil), 404, "user_not_found")
		expectError(t, do("GET", unknown+"/passkeys", nil), 404, "user_not_found")
		expectError(t, do("DELETE", unknown+"/passkeys/"+first, nil), 404, "user_not_found")
		expectError(t, do("PUT", annURL+"/factors/"+f.ID, "{"), 400, "validation_failed")
		if n := e.Count(`SELECT COUNT(*) FROM mfa_factors WHERE user_id = ?`, ann.User.ID); n != 1 {
			t.Fatalf("%d factors after refusals", n)
		}

		// Removed: the factor, its recovery codes, and aal2 from every session of ann's.
		if e.Count(`SELECT COUNT(*) FROM sessions WHERE user_id = ? AND aal = 'aal2'`, ann.User.ID) == 0 {
			t.Fatal("no aal2 session before the removal")
		}
		removed := do("DELETE", annURL+"/factors/"+f.ID, nil).Expect(t, http.StatusOK)
		if field(t, removed, "id") != f.ID {
			t.Fatalf("removed: %s", removed.Body)
		}
		decodeFactors(do("GET", annURL+"/factors", nil))
		if len(factors) != 0 {
			t.Fatalf("factors after removal: %+v", factors)
		}
		for what, n := range map[string]int{
			"aal2 sessions":  e.Count(`SELECT COUNT(*) FROM sessions WHERE user_id = ? AND aal = 'aal2'`, ann.User.ID),
			"recovery codes": e.Count(`SELECT COUNT(*) FROM mfa_recovery_codes WHERE user_id = ?`, ann.User.ID),
		} {
			if n != 0 {
				t.Errorf("%d %s left", n, what)
			}
		}
		for _, action := range []string{"passkey.delete", "factor.update", "factor.delete"} {
			if e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = ? AND actor_system = 'service_role' AND entity_id = ?`, action, ann.User.ID) != 1 {
				t.Errorf("no single audit entry %s", action)
			}
		}
	})
}
