package gotrue_test

import (
	"testing"

	"github.com/pquerna/otp/totp"

	"bookshop/internal/apitest"
)

// turnOnTwoStep enrols and verifies a TOTP factor for the named user from
// their first (aal1) session, which stays aal1, and returns the access
// token of the aal2 session the verification gave. From then on, requests
// As that user are a first-step-only sign-in of an account with two-step
// sign-in on.
func turnOnTwoStep(t *testing.T, e *apitest.Env, name string) string {
	t.Helper()
	enrol := e.Do("POST", "/auth/v1/factors", map[string]any{"factor_type": "totp"}, name).Expect(t, 200).JSON(t)
	factorID := enrol["id"].(string)
	secret := enrol["totp"].(map[string]any)["secret"].(string)
	challenge := e.Do("POST", "/auth/v1/factors/"+factorID+"/challenge", nil, name).Expect(t, 200).JSON(t)
	code, err := totp.GenerateCode(secret, e.Clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	verified := e.Do("POST", "/auth/v1/factors/"+factorID+"/verify",
		map[string]any{"challenge_id": challenge["id"], "code": code}, name).Expect(t, 200).JSON(t)
	return verified["access_token"].(string)
}

// asSecondStep sends a request with the aal2 token of turnOnTwoStep.
func asSecondStep(e *apitest.Env, method, url string, body any) *apitest.Response {
	return e.Request(method, url, body, "", map[string]string{"Authorization": "Bearer " + e.Vars["aal2"]})
}

// firstStepOnly makes s the request of someone who knows the owner's
// password but not their authenticator: the owner turned two-step sign-in
// on (their aal2 session's token is in Vars["aal2"]), then a new password
// sign-in made the aal1 session s is sent with.
func firstStepOnly(s apitest.Scenario) apitest.Scenario {
	headers := map[string]string{}
	s.Headers = headers
	s.BeforeTest = func(t *testing.T, e *apitest.Env) {
		e.Vars["aal2"] = turnOnTwoStep(t, e, "owner")
		r := e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "owner@example.com", "password": apitest.Password}, "")
		headers["Authorization"] = "Bearer " + r.Expect(t, 200).JSON(t)["access_token"].(string)
	}
	return s
}

func TestTwoStepSignInIsEnforced(t *testing.T) {
	refusedOnAPI := []string{`"code":"insufficient_aal"`, `authenticator app`}
	refusedOnAuth := []string{`insufficient_aal`}
	ownerSessionLives := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		asSecondStep(e, "GET", "/auth/v1/user", nil).Expect(t, 200)
	}
	apitest.Run(t, []apitest.Scenario{
		firstStepOnly(apitest.Scenario{Name: "profile needs the second step", Method: "GET", URL: "/api/profile",
			ExpectedStatus: 403, ExpectedContent: refusedOnAPI, NotExpectedContent: []string{"owner@example.com"},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				asSecondStep(e, "GET", "/api/profile", nil).Expect(t, 200)
			}}),
		firstStepOnly(apitest.Scenario{Name: "profile changes need the second step", Method: "PATCH", URL: "/api/profile",
			Body: map[string]any{"first_name": "Mallory"}, ExpectedStatus: 403, ExpectedContent: refusedOnAPI}),
		firstStepOnly(apitest.Scenario{Name: "orders need the second step", Method: "GET", URL: "/api/orders",
			ExpectedStatus: 403, ExpectedContent: refusedOnAPI,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				asSecondStep(e, "GET", "/api/orders", nil).Expect(t, 200)
			}}),
		firstStepOnly(apitest.Scenario{Name: "the payment function needs the second step", Method: "POST", URL: "/functions/v1/process-payment",
			Body: map[string]any{"action": "demo_payment", "method": "card", "amount": 10,
				"items": []map[string]any{{"id": 1, "quantity": 1}}},
			ExpectedStatus: 403, ExpectedContent: []string{`insufficient_aal`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM orders`); n != 0 {
					t.Fatalf("%d orders recorded", n)
				}
			}}),
		firstStepOnly(apitest.Scenario{Name: "a password change needs the second step", Method: "PUT", URL: "/auth/v1/user",
			Body: map[string]any{"password": "Another1!pw"}, ExpectedStatus: 403, ExpectedContent: refusedOnAuth,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				e.Do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "owner@example.com", "password": apitest.Password}, "").Expect(t, 200)
			}}),
		firstStepOnly(apitest.Scenario{Name: "an e-mail change needs the second step", Method: "PUT", URL: "/auth/v1/user",
			Body: map[string]any{"email": "mallory@example.com"}, ExpectedStatus: 403, ExpectedContent: refusedOnAuth,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.MailCount("mallory@example.com"); n != 0 {
					t.Fatalf("%d e-mails to the new address", n)
				}
			}}),
		firstStepOnly(apitest.Scenario{Name: "signing everyone out needs the second step", Method: "POST", URL: "/auth/v1/logout?scope=global",
			ExpectedStatus: 403, ExpectedContent: refusedOnAuth, AfterTest: ownerSessionLives}),
		firstStepOnly(apitest.Scenario{Name: "signing the others out needs the second step", Method: "POST", URL: "/auth/v1/logout?scope=others",
			ExpectedStatus: 403, ExpectedContent: refusedOnAuth, AfterTest: ownerSessionLives}),
		firstStepOnly(apitest.Scenario{Name: "the first step may sign itself out", Method: "POST", URL: "/auth/v1/logout?scope=local",
			ExpectedStatus: 204, AfterTest: ownerSessionLives}),
		firstStepOnly(apitest.Scenario{Name: "a second factor needs the second step", Method: "POST", URL: "/auth/v1/factors",
			Body: map[string]any{"factor_type": "totp"}, ExpectedStatus: 403, ExpectedContent: refusedOnAuth}),
		firstStepOnly(apitest.Scenario{Name: "the first step may read its user to go on to the challenge", Method: "GET", URL: "/auth/v1/user",
			ExpectedStatus: 200, ExpectedContent: []string{`"status":"verified"`}}),
		firstStepOnly(apitest.Scenario{Name: "the second step may do everything", Method: "GET", URL: "/auth/v1/user",
			ExpectedStatus: 200, ExpectedContent: []string{`"email":"owner@example.com"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				asSecondStep(e, "PUT", "/auth/v1/user", map[string]any{"data": map[string]any{"nickname": "Ann"}}).Expect(t, 200)
				asSecondStep(e, "PATCH", "/api/profile", map[string]any{"first_name": "Ann"}).Expect(t, 200)
				asSecondStep(e, "POST", "/auth/v1/logout?scope=others", nil).Expect(t, 204)
			}}),
		{Name: "without a factor the first step is enough", Method: "GET", URL: "/api/profile", As: "other",
			ExpectedStatus: 200, ExpectedContent: []string{"other@example.com"}},
	})
}
