package dreams_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/dreams"
)

// addKid saves a child born in month (YYYY-MM) for the named parent and keeps its id in Vars[key].
func addKid(t *testing.T, e *apitest.Env, as, key, name, month string) {
	t.Helper()
	e.Vars[key] = e.AddKid(as, name, month)
}

// makeDream has the owner make a dream for Vars[kidKey] and keeps its id in Vars[key].
func makeDream(t *testing.T, e *apitest.Env, kidKey, key string, interests []string) {
	t.Helper()
	r := e.Do("POST", "/api/dreams", map[string]any{"kid_id": e.Vars[kidKey], "gender": "girl", "companion": "nainni",
		"interests": interests}, "owner").Expect(t, 201)
	e.Vars[key] = r.JSON(t)["id"].(string)
}

func ownersChild(t *testing.T, e *apitest.Env) { addKid(t, e, "owner", "kid", "Mia", "2020-05") }

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
		{Name: "anonymous has no dreams to list", Method: "GET", URL: "/api/dreams", ExpectedStatus: 401,
			ExpectedContent: []string{`"No user logged in"`}},
		{Name: "anonymous may not delete", Method: "DELETE", URL: "/api/dreams/x", ExpectedStatus: 401,
			ExpectedContent: []string{`"No user logged in"`}},
		{Name: "the choices are public", Method: "GET", URL: "/api/dreams/choices", ExpectedStatus: 200,
			ExpectedContent:    []string{`"label":"I'm just me!"`, `"label":"FeeFee the Elephant"`, `"label":"Other (specify)"`, `"max_interests":3`},
			NotExpectedContent: []string{"Scene", "Keepsake"}},
		{Name: "an unknown child is not found", Method: "POST", URL: "/api/dreams", As: "owner",
			Body: dreamBody("0b9c3f0e-8a57-4a8e-9d3a-5d1c1f0e6a11", nil), ExpectedStatus: 404, ExpectedContent: []string{`"Child not found"`}},
		{Name: "a malformed child id is not found", Method: "POST", URL: "/api/dreams", As: "owner",
			Body: dreamBody("'; DROP TABLE kids; --", nil), ExpectedStatus: 404, ExpectedContent: []string{`"Child not found"`}},
		{Name: "a child must be chosen", Method: "POST", URL: "/api/dreams", As: "owner",
			Body: map[string]any{"gender": "boy", "companion": "siso"}, ExpectedStatus: 400,
			ExpectedContent: []string{`"kid_id":"Please choose a child."`}},
		{Name: "a child id of the wrong type", Method: "POST", URL: "/api/dreams", As: "owner",
			Body: map[string]any{"kid_id": true, "gender": "boy", "companion": "siso"}, ExpectedStatus: 400,
			ExpectedContent: []string{`"kid_id":"Please choose a child."`}},
		{Name: "not JSON", Method: "POST", URL: "/api/dreams", As: "owner", Body: "kid=1", ExpectedStatus: 400,
			ExpectedContent: []string{`"The request body is not valid JSON."`}},
		// A NUL byte must never reach PostgreSQL (SQLSTATE 22021 would be a 500).
		{Name: "a NUL in a dream id is refused before the handler", Method: "DELETE", URL: "/api/dreams/%00", As: "owner", ExpectedStatus: 400,
			ExpectedContent: []string{`"code":"invalid"`, `"path":`}},
		{Name: "a NUL in a child id is refused, naming the parameter", Method: "GET", URL: "/api/dreams?kid_id=%00", As: "owner",
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`, `"kid_id":"Must be text without control characters"`}},
		{Name: "a malformed child id lists nothing", Method: "GET", URL: "/api/dreams?kid_id=not-a-child", As: "owner",
			ExpectedStatus: 200, ExpectedContent: []string{`"dreams":[]`}},

		{Name: "my dreams, newest first, per child", Method: "GET", URL: "/api/dreams?kid_id={kid}", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				ownersChild(t, e)
				addKid(t, e, "owner", "kid2", "Leo", "2023-01")
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
			ExpectedStatus: 200, ExpectedContent: []string{`{"dreams":[],"nextCursor":null}`}},
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
		{Name: "Keep this story marks the dream kept", Method: "PATCH", URL: "/api/dreams/{d}", As: "owner", Body: map[string]any{"kept": true},
			BeforeTest:     func(t *testing.T, e *apitest.Env) { ownersChild(t, e); makeDream(t, e, "kid", "d", nil) },
			ExpectedStatus: 200, ExpectedContent: []string{`"kept":true`, `"kept_at":"2026-06-01T12:00:00Z"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if b := e.Do("GET", "/api/dreams", nil, "owner").Expect(t, 200).Body; !strings.Contains(b, `"kept":true`) {
					t.Errorf("the list does not show it kept: %s", b)
				}
				e.Do("PATCH", "/api/dreams/{d}", map[string]any{"kept": false}, "owner").Expect(t, 200)
				if b := e.Do("GET", "/api/dreams", nil, "owner").Expect(t, 200).Body; !strings.Contains(b, `"kept":false,"kept_at":null`) {
					t.Errorf("unkeeping is not stored: %s", b)
				}
			}},
		{Name: "another parent cannot keep a dream", Method: "PATCH", URL: "/api/dreams/{d}", As: "other", Body: map[string]any{"kept": true},
			BeforeTest:     func(t *testing.T, e *apitest.Env) { ownersChild(t, e); makeDream(t, e, "kid", "d", nil) },
			ExpectedStatus: 404, ExpectedContent: []string{`"Dream not found"`}},
		{Name: "keeping needs true or false", Method: "PATCH", URL: "/api/dreams/{d}", As: "owner", Body: map[string]any{"kept": "yes"},
			BeforeTest:     func(t *testing.T, e *apitest.Env) { ownersChild(t, e); makeDream(t, e, "kid", "d", nil) },
			ExpectedStatus: 400, ExpectedContent: []string{`"code":"invalid"`}},
		{Name: "keeping without a body field says which", Method: "PATCH", URL: "/api/dreams/{d}", As: "owner", Body: map[string]any{},
			BeforeTest:     func(t *testing.T, e *apitest.Env) { ownersChild(t, e); makeDream(t, e, "kid", "d", nil) },
			ExpectedStatus: 400, ExpectedContent: []string{`"kept":"Say true or false"`}},
		{Name: "removing a child removes the child's dreams", Method: "DELETE", URL: "/api/kids/{kid2}", As: "owner",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				ownersChild(t, e)
				addKid(t, e, "owner", "kid2", "Leo", "2023-01")
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
			Body: dreamBody("{kid}", nil), ExpectedStatus: 429, ExpectedHeaders: map[string]string{"Retry-After": "60"},
			ExpectedContent: []string{`"That is a lot of dreams! Please wait a minute and try again."`}},
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
				t.Errorf("the response lacks %s: %s", want, r.Body)
			}
		}
		var d struct{ Paragraphs []string }
		r.Decode(t, &d)
		story := strings.Join(d.Paragraphs, " ")
		// The child, the companion, a scene of each interest, the parent's
		// words and the child's pronouns.
		for _, want := range []string{`Mia`, `FeeFee`, `(?i)space|rocket`, `orchestra|piano|band`, `red bicycle`, `\btheir\b`} {
			if len(d.Paragraphs) < 5 || !regexp.MustCompile(want).MatchString(story) {
				t.Errorf("the story lacks %s: %q", want, d.Paragraphs)
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

// seedDreams stores n dreams of the owner's child Vars["kid"] straight in
// the database, one a minute apart from start, every third sharing its
// time with the one before (so the pages must order by id as well), and
// returns their ids newest first.
func seedDreams(t *testing.T, e *apitest.Env, n int) []string {
	t.Helper()
	start := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	type row struct {
		id string
		at time.Time
	}
	var rows []row
	for i := range n {
		at := start.Add(time.Duration(i) * time.Minute)
		if i%3 == 2 {
			at = rows[i-1].at
		}
		rows = append(rows, row{uuid.NewString(), at})
		if _, err := e.DB.ExecContext(context.Background(), `INSERT INTO dreams (id, user_id, kid_id, kid_name, kid_age, gender,
			companion, template, title, paragraphs, created_at) VALUES (?, ?, ?, 'Mia', 6, 'girl', 'siso', 'cloud-train', ?, '["Once."]', ?)`,
			rows[i].id, e.User("owner").ID, e.Vars["kid"], fmt.Sprintf("Dream %d", i), at); err != nil {
			t.Fatal(err)
		}
	}
	slices.SortFunc(rows, func(a, b row) int {
		if c := b.at.Compare(a.at); c != 0 {
			return c
		}
		return strings.Compare(b.id, a.id)
	})
	ids := make([]string, n)
	for i, r := range rows {
		ids[i] = r.id
	}
	return ids
}

type dreamPage struct {
	Dreams     []struct{ ID string }
	NextCursor *string
}

func TestMyDreamsPageThroughEveryDream(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *apitest.Env) {
		ownersChild(t, e)
		want := seedDreams(t, e, 205)
		for _, c := range []struct {
			query string
			size  int
		}{{"?limit=20", 20}, {"?kid_id=" + e.Vars["kid"] + "&limit=100", 100}, {"", dreams.DefaultPageSize}} {
			var got []string
			pages := 0
			for next := ""; pages == 0 || next != ""; pages++ {
				q := c.query
				if next != "" {
					q += map[bool]string{true: "?", false: "&"}[q == ""] + "before=" + next
				}
				var p dreamPage
				e.Do("GET", "/api/dreams"+q, nil, "owner").Expect(t, 200).Decode(t, &p)
				if len(p.Dreams) > c.size || (p.NextCursor != nil && len(p.Dreams) != c.size) {
					t.Fatalf("%s: a page of %d", q, len(p.Dreams))
				}
				for _, d := range p.Dreams {
					got = append(got, d.ID)
				}
				next = ""
				if p.NextCursor != nil {
					next = *p.NextCursor
				}
				if pages > 300 {
					t.Fatal("the pages never end")
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: %d dreams in %d pages, not all 205 newest first", c.query, len(got), pages)
			}
		}
		// The last page says there is none after it.
		r := e.Do("GET", "/api/dreams?limit=5&before="+cursorAfter(t, e, want[199]), nil, "owner").Expect(t, 200)
		if !strings.Contains(r.Body, `"nextCursor":null`) {
			t.Errorf("the last page: %s", r.Body)
		}
		// The data export holds every one of them.
		var export struct{ Dreams []struct{ ID string } }
		e.Do("GET", "/api/account/export", nil, "owner").Expect(t, 200).Decode(t, &export)
		if len(export.Dreams) != 205 {
			t.Errorf("the export holds %d dreams, want 205", len(export.Dreams))
		}
	})
}

// cursorAfter is the cursor of the page that ends with dream id.
func cursorAfter(t *testing.T, e *apitest.Env, id string) string {
	t.Helper()
	for next := ""; ; {
		var p dreamPage
		e.Do("GET", "/api/dreams?limit=1&before="+next, nil, "owner").Expect(t, 200).Decode(t, &p)
		if p.NextCursor == nil {
			t.Fatalf("no page ends with %s", id)
		}
		next = *p.NextCursor
		if p.Dreams[0].ID == id {
			return next
		}
	}
}

func TestMyDreamsPagingRefusesBadInput(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{
		{Name: "a limit of 0", Method: "GET", URL: "/api/dreams?limit=0", As: "owner",
			ExpectedStatus: 400, ExpectedContent: []string{`"limit":"A number from 1 to 100"`}},
		{Name: "a limit over 100", Method: "GET", URL: "/api/dreams?limit=101", As: "owner",
			ExpectedStatus: 400, ExpectedContent: []string{`"limit":"A number from 1 to 100"`}},
		{Name: "a limit that is not a number", Method: "GET", URL: "/api/dreams?limit=ten", As: "owner",
			ExpectedStatus: 400, ExpectedContent: []string{`"limit":`}},
		{Name: "a made-up cursor", Method: "GET", URL: "/api/dreams?before=not-a-cursor", As: "owner",
			ExpectedStatus: 400, ExpectedContent: []string{`"before":"Not a cursor from this list`}},
		{Name: "a cursor with a NUL", Method: "GET", URL: "/api/dreams?before=%00", As: "owner",
			ExpectedStatus: 400, ExpectedContent: []string{`"before":`}},
		{Name: "an empty list has no next page", Method: "GET", URL: "/api/dreams?limit=20", As: "owner",
			ExpectedStatus: 200, ExpectedContent: []string{`{"dreams":[],"nextCursor":null}`}},
	})
}

// TestADoubleSubmitMakesOneDream: the same Idempotency-Key twice at once
// makes one story, and both requests get it.
func TestADoubleSubmitMakesOneDream(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *apitest.Env) {
		ownersChild(t, e)
		body := dreamBody(e.Vars["kid"], map[string]any{"interests": []string{"space"}})
		res := make([]*apitest.Response, 5)
		var wg sync.WaitGroup
		for i := range res {
			wg.Go(func() {
				res[i] = e.Request("POST", "/api/dreams", body, "owner", map[string]string{"Idempotency-Key": "dream-night-1"})
			})
		}
		wg.Wait()
		for i, r := range res {
			if r.Status != 201 || r.JSON(t)["id"] != res[0].JSON(t)["id"] {
				t.Fatalf("request %d: %d %s", i, r.Status, r.Body)
			}
		}
		if n := e.Count(`SELECT COUNT(*) FROM dreams`); n != 1 {
			t.Errorf("%d dreams made, want 1", n)
		}
	})
}

// TestADreamEveryNightForAMonth: 30 stories made one after another for one
// child, with the same choices each night, never repeat the title of the
// night before nor of the three before it, and no two share more than 40 %
// of their sentences.
func TestADreamEveryNightForAMonth(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "100"})
		ownersChild(t, e)
		var titles []string
		var told [][]string
		for night := range 30 {
			r := e.Do("POST", "/api/dreams", map[string]any{"kid_id": e.Vars["kid"], "gender": "girl", "companion": "nainni",
				"interests": []string{"dinosaurs", "other"}, "other": "the big red bus to school"}, "owner").Expect(t, 201)
			var s struct {
				Title      string
				Paragraphs []string
			}
			r.Decode(t, &s)
			if recent := titles[max(0, night-3):]; slices.Contains(recent, s.Title) {
				t.Errorf("night %d: %q was one of the last three titles %q", night, s.Title, recent)
			}
			for before, other := range told {
				if share := sharedSentences(s.Paragraphs, other); share > 0.40 {
					t.Errorf("nights %d and %d share %.0f %% of their sentences", before, night, share*100)
				}
			}
			titles = append(titles, s.Title)
			told = append(told, s.Paragraphs)
		}
	})
}

// sharedSentences is the share of the sentences of the shorter story that
// the other one has too. Sentences end at . ! ? or …, with the closing
// quote after them.
func sharedSentences(a, b []string) float64 {
	sa, sb := sentenceSetOf(a), sentenceSetOf(b)
	common := 0
	for s := range sa {
		if sb[s] {
			common++
		}
	}
	return float64(common) / float64(min(len(sa), len(sb)))
}

// sentenceSetOf is the set of a story's sentences (without their end marks).
func sentenceSetOf(ps []string) map[string]bool {
	set := map[string]bool{}
	for _, p := range ps {
		for _, s := range sentenceEnd.Split(p+" ", -1) {
			if s = strings.TrimSpace(s); s != "" {
				set[s] = true
			}
		}
	}
	return set
}

var sentenceEnd = regexp.MustCompile(`[.!?…][”’"]?\s+`)

// TestThreeChildrenShareTheirStories: a family's three children take turns
// at a story through the API for 30 nights, on both databases. Brothers and
// sisters hear each other's, so the family never gets the same tale two
// nights running, and no sentence of eight words or more comes again within
// its last ten stories (issue 38 §15).
func TestThreeChildrenShareTheirStories(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, map[string]string{"RATE_LIMIT_PER_MINUTE": "100"})
		addKid(t, e, "owner", "mia", "Mia", "2019-04")
		addKid(t, e, "owner", "leo", "Leo", "2021-09")
		addKid(t, e, "owner", "sam", "Sam", "2017-01")
		bodies := []map[string]any{
			{"kid_id": e.Vars["mia"], "gender": "girl", "companion": "feefee", "interests": []string{"dinosaurs", "space"}},
			{"kid_id": e.Vars["leo"], "gender": "boy", "companion": "siso", "interests": []string{"dinosaurs"}},
			{"kid_id": e.Vars["sam"], "gender": "neutral", "companion": "feefee"},
		}
		type told struct {
			template   string
			paragraphs []string
		}
		var family []told // newest first
		for night := range 30 {
			var s struct {
				ID         string
				Template   string
				Paragraphs []string
			}
			e.Do("POST", "/api/dreams", bodies[night%3], "owner").Expect(t, 201).Decode(t, &s)
			// The tale is kept, not sent.
			if err := e.DB.QueryRowContext(context.Background(), `SELECT template FROM dreams WHERE id = ?`, s.ID).Scan(&s.Template); err != nil {
				t.Fatal(err)
			}
			if len(family) > 0 && family[0].template == s.Template {
				t.Errorf("night %d: %s two nights running", night, s.Template)
			}
			for back, past := range family[:min(len(family), 10)] {
				heard := sentenceSetOf(past.paragraphs)
				for sentence := range sentenceSetOf(s.Paragraphs) {
					if len(strings.Fields(sentence)) >= 8 && heard[sentence] {
						t.Errorf("night %d: heard %d nights before: %q", night, back+1, sentence)
					}
				}
			}
			family = append([]told{{s.Template, s.Paragraphs}}, family...)
		}
	})
}
