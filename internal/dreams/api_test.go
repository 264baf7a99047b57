package dreams_test

import (
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/dreams"
)

// addKid saves a child for the named parent and keeps its id in Vars[key].
func addKid(t *testing.T, e *apitest.Env, as, key, name, dob string) {
	t.Helper()
	r := e.Do("POST", "/api/kids", map[string]any{"name": name, "date_of_birth": dob}, as).Expect(t, 201)
	e.Vars[key] = r.JSON(t)["id"].(string)
}

// makeDream has the owner make a dream for Vars[kidKey] and keeps its id in Vars[key].
func makeDream(t *testing.T, e *apitest.Env, kidKey, key string, interests []string) {
	t.Helper()
	r := e.Do("POST", "/api/dreams", map[string]any{"kid_id": e.Vars[kidKey], "gender": "girl", "companion": "nainni",
		"interests": interests}, "owner").Expect(t, 201)
	e.Vars[key] = r.JSON(t)["id"].(string)
}

func ownersChild(t *testing.T, e *apitest.Env) { addKid(t, e, "owner", "kid", "Mia", "2020-05-31") }

func dreamBody(kid string, more map[string]any) map[string]any {
	b := map[string]any{"kid_id": kid, "gender": "girl", "companion": "feefee"}
	for k, v := range more {
		b[k] = v
	}
	return b
}

// listIDs is the owner's list of dream ids, newest first.
func listIDs(t *testing.T, e *apitest.Env, query string) string {
	t.Helper()
	var out struct{ Dreams []struct{ ID string } }
	e.Do("GET", "/api/dreams"+query, nil, "owner").Expect(t, 200).Decode(t, &out)
	var ids []string
	for _, d := range out.Dreams {
		ids = append(ids, d.ID)
	}
	return strings.Join(ids, ",")
}

func TestDreamsAPI(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "anonymous may not make a dream", Method: "POST", URL: "/api/dreams",
			Body: dreamBody("x", nil), ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
		{Name: "anonymous has no dreams to list", Method: "GET", URL: "/api/dreams", ExpectedStatus: 401},
		{Name: "anonymous may not delete", Method: "DELETE", URL: "/api/dreams/x", ExpectedStatus: 401},
		{Name: "the choices are public", Method: "GET", URL: "/api/dreams/choices", ExpectedStatus: 200,
			ExpectedContent:    []string{`"label":"I'm just me!"`, `"label":"FeeFee the Elephant"`, `"label":"Other (specify)"`, `"max_interests":3`},
			NotExpectedContent: []string{"Scene", "Keepsake"}},
		{Name: "an unknown child is not found", Method: "POST", URL: "/api/dreams", As: "owner",
			Body: dreamBody("0b9c3f0e-8a57-4a8e-9d3a-5d1c1f0e6a11", nil), ExpectedStatus: 404, ExpectedContent: []string{`"Child not found"`}},
		{Name: "a malformed child id is not found", Method: "POST", URL: "/api/dreams", As: "owner",
			Body: dreamBody("'; DROP TABLE kids; --", nil), ExpectedStatus: 404},
		{Name: "a child must be chosen", Method: "POST", URL: "/api/dreams", As: "owner",
			Body: map[string]any{"gender": "boy", "companion": "siso"}, ExpectedStatus: 400,
			ExpectedContent: []string{`"kid_id":"Please choose a child."`}},
		{Name: "a child id of the wrong type", Method: "POST", URL: "/api/dreams", As: "owner",
			Body: map[string]any{"kid_id": true, "gender": "boy", "companion": "siso"}, ExpectedStatus: 400},
		{Name: "not JSON", Method: "POST", URL: "/api/dreams", As: "owner", Body: "kid=1", ExpectedStatus: 400},
		// A NUL byte must never reach PostgreSQL (SQLSTATE 22021 would be a 500).
		{Name: "a malformed dream id is not found", Method: "DELETE", URL: "/api/dreams/%00", As: "owner", ExpectedStatus: 404},
		{Name: "a malformed child id lists nothing", Method: "GET", URL: "/api/dreams?kid_id=%00", As: "owner",
			ExpectedStatus: 200, ExpectedContent: []string{`"dreams":[]`}},

		{Name: "my dreams, newest first, per child", Method: "GET", URL: "/api/dreams?kid_id={kid}", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				ownersChild(t, e)
				addKid(t, e, "owner", "kid2", "Leo", "2023-01-15")
				makeDream(t, e, "kid", "first", nil)
				makeDream(t, e, "kid2", "leos", []string{"dinosaurs"})
				makeDream(t, e, "kid", "second", []string{"lego"})
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"name":"Mia"`}, NotExpectedContent: []string{`"name":"Leo"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if got, want := listIDs(t, e, "?kid_id="+e.Vars["kid"]), e.Vars["second"]+","+e.Vars["first"]; got != want {
					t.Errorf("Mia's dreams %s, want %s", got, want)
				}
				if got, want := listIDs(t, e, ""), e.Vars["second"]+","+e.Vars["leos"]+","+e.Vars["first"]; got != want {
					t.Errorf("all dreams %s, want %s", got, want)
				}
			}},
		{Name: "another parent sees none of them", Method: "GET", URL: "/api/dreams", As: "other",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { ownersChild(t, e); makeDream(t, e, "kid", "d", nil) },
			ExpectedStatus: 200, ExpectedContent: []string{`{"dreams":[]}`}},
		{Name: "another parent's dream cannot be deleted", Method: "DELETE", URL: "/api/dreams/{d}", As: "other",
			BeforeTest:     func(t *testing.T, e *apitest.Env) { ownersChild(t, e); makeDream(t, e, "kid", "d", nil) },
			ExpectedStatus: 404, ExpectedContent: []string{`"Dream not found"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if listIDs(t, e, "") != e.Vars["d"] {
					t.Error("the owner's dream is gone")
				}
			}},
		{Name: "the owner deletes a dream", Method: "DELETE", URL: "/api/dreams/{d}", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				ownersChild(t, e)
				makeDream(t, e, "kid", "keep", nil)
				makeDream(t, e, "kid", "d", nil)
			},
			ExpectedStatus: 204,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if got := listIDs(t, e, ""); got != e.Vars["keep"] {
					t.Errorf("left %s, want %s", got, e.Vars["keep"])
				}
				e.Do("DELETE", "/api/dreams/"+e.Vars["d"], nil, "owner").Expect(t, 404)
			}},
		{Name: "removing a child removes the child's dreams", Method: "DELETE", URL: "/api/kids/{kid2}", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				ownersChild(t, e)
				addKid(t, e, "owner", "kid2", "Leo", "2023-01-15")
				makeDream(t, e, "kid", "mias", nil)
				makeDream(t, e, "kid2", "leos", nil)
			},
			ExpectedStatus: 204,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if got := listIDs(t, e, ""); got != e.Vars["mias"] {
					t.Errorf("left %s, want only Mia's %s", got, e.Vars["mias"])
				}
			}},
		{Name: "making dreams is rate limited", Method: "POST", URL: "/api/dreams", As: "owner",
			Config: map[string]string{"RATE_LIMIT_PER_MINUTE": "2"},
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				ownersChild(t, e)
				makeDream(t, e, "kid", "a", nil)
				makeDream(t, e, "kid", "b", nil)
			},
			Body: dreamBody("{kid}", nil), ExpectedStatus: 429, ExpectedHeaders: map[string]string{"Retry-After": "60"}},
	})
}

// The requests below name a child made in the same test, so they are sent
// with Env.Do (a scenario's Body cannot hold a placeholder).

func eachEnv(t *testing.T, fn func(t *testing.T, e *apitest.Env)) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) { fn(t, apitest.NewEnv(t, d, nil)) })
}

func TestMakingADreamForTheOwnersChild(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *apitest.Env) {
		ownersChild(t, e)
		r := e.Do("POST", "/api/dreams", map[string]any{"kid_id": e.Vars["kid"], "gender": "neutral", "companion": "feefee",
			"interests": []string{"other", "space", "music"}, "other": "  my red   bicycle!  "}, "owner").Expect(t, 201)
		for _, want := range []string{`"title":"Mia and the `, `"kid":{"id":"` + e.Vars["kid"] + `","name":"Mia","age":6}`,
			`"companion":{"id":"feefee","name":"FeeFee","label":"FeeFee the Elephant"}`,
			`"interests":["space","music","other"]`, `"other":"my red bicycle"`, `"created_at":"`} {
			if !strings.Contains(r.Body, want) {
				t.Errorf("answer lacks %s: %s", want, r.Body)
			}
		}
		var d struct{ Paragraphs []string }
		r.Decode(t, &d)
		story := strings.Join(d.Paragraphs, " ")
		for _, want := range []string{"Mia", "FeeFee", "six", "rocket", "orchestra", "my red bicycle", "they"} {
			if len(d.Paragraphs) < 5 || !strings.Contains(story, want) {
				t.Errorf("the story lacks %q: %q", want, d.Paragraphs)
			}
		}
		if n := e.Count(`SELECT COUNT(*) FROM dreams WHERE other = 'my red bicycle'`); n != 1 {
			t.Errorf("%d dreams stored", n)
		}
	})
}

func TestMakingADreamRefusesBadInput(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *apitest.Env) {
		ownersChild(t, e)
		kid := e.Vars["kid"]
		for _, c := range []struct {
			name string
			as   string
			body map[string]any
			want int
			text string
		}{
			{"another parent's child", "other", dreamBody(kid, nil), 404, `"Child not found"`},
			{"no gender", "owner", map[string]any{"kid_id": kid, "companion": "siso"}, 400, `"gender":"Please choose a gender."`},
			{"unknown gender", "owner", dreamBody(kid, map[string]any{"gender": "robot"}), 400, `"gender":"Please choose a gender."`},
			{"unknown companion", "owner", dreamBody(kid, map[string]any{"companion": "dragon"}), 400, `"companion":"Please choose a story companion."`},
			{"four interests", "owner", dreamBody(kid, map[string]any{"interests": []string{"space", "music", "lego", "magic"}}), 400,
				`"interests":"` + dreams.TooManyInterests + `"`},
			{"unknown interest", "owner", dreamBody(kid, map[string]any{"interests": []string{"space", "<script>"}}), 400,
				`"interests":"Please choose interests from the list."`},
			{"interests not a list", "owner", dreamBody(kid, map[string]any{"interests": "space"}), 400, `"invalid"`},
			{"overlong other", "owner", dreamBody(kid, map[string]any{"interests": []string{"other"}, "other": strings.Repeat("a", 2000)}), 400,
				`"other":"Please describe the interest in a few words."`},
		} {
			r := e.Do("POST", "/api/dreams", c.body, c.as)
			if r.Status != c.want || !strings.Contains(r.Body, c.text) {
				t.Errorf("%s: %d %s, want %d with %s", c.name, r.Status, r.Body, c.want, c.text)
			}
		}
		if n := e.Count(`SELECT COUNT(*) FROM dreams`); n != 0 {
			t.Errorf("refused requests stored %d dreams", n)
		}
		// The same child and choices are fine for the owner.
		e.Do("POST", "/api/dreams", dreamBody(kid, map[string]any{"interests": []string{"space", "music", "other"}}), "owner").Expect(t, 201)
	})
}
