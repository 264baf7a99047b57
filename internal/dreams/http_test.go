package dreams

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"bookshop/internal/account"
	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/httpx"
)

// family is a parent and another parent, each with a child, kept by the
// real account feature.
type family struct {
	h                   *Handler
	d                   *db.DB
	parent, other       string
	kid, otherKid, kid2 string
	kids                *account.Service
}

type accountKids struct{ s *account.Service }

func (k accountKids) Kid(ctx context.Context, userID, kidID string) (Kid, error) {
	kid, err := k.s.Kid(ctx, userID, kidID)
	if errors.Is(err, account.ErrKidNotFound) {
		return Kid{}, ErrNoKid
	}
	return Kid{ID: kid.ID, Name: kid.Name, DateOfBirth: kid.DateOfBirth}, err
}

func newFamily(t *testing.T, d *db.DB) family {
	t.Helper()
	s := account.New(d)
	f := family{d: d, kids: s, parent: newUser(t, d), other: newUser(t, d)}
	f.h = NewHandler(d, accountKids{s}, nil, nil)
	f.h.choose = first
	f.h.now = func() time.Time { return today }
	f.kid = addKid(t, s, f.parent, "Mia", "2020-06-01")
	f.kid2 = addKid(t, s, f.parent, "Leo", "2023-01-15")
	f.otherKid = addKid(t, s, f.other, "Zed", "2019-02-02")
	return f
}

func newUser(t *testing.T, d *db.DB) string {
	t.Helper()
	id := uuid.NewString()
	now := time.Now().UTC()
	if _, err := d.ExecContext(context.Background(), `INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`,
		id, id+"@example.com", now, now); err != nil {
		t.Fatalf("insert user: %v", err)
	}
	return id
}

func addKid(t *testing.T, s *account.Service, userID, name, dob string) string {
	t.Helper()
	k, err := s.AddKid(context.Background(), userID, account.KidInput{Name: name, DateOfBirth: dob})
	if err != nil {
		t.Fatalf("add kid: %v", err)
	}
	return k.ID
}

// call runs one request as userID ("" for nobody) and returns the status and body.
func (f family) call(t *testing.T, userID, method, target, body string) (int, string) {
	t.Helper()
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if userID != "" {
		r = r.WithContext(auth.WithCaller(r.Context(), auth.Caller{UserID: userID}))
	}
	mux := http.NewServeMux()
	mux.Handle("GET /api/dreams", httpx.Handle(f.h.List))
	mux.Handle("POST /api/dreams", httpx.Handle(f.h.Create))
	mux.Handle("DELETE /api/dreams/{id}", httpx.Handle(f.h.Delete))
	mux.Handle("GET /api/dreams/choices", httpx.Handle(f.h.Choices))
	w := httptest.NewRecorder()
	mux.ServeHTTP(w, r)
	return w.Code, w.Body.String()
}

func (f family) create(t *testing.T, kid string, interests string) dreamJSON {
	t.Helper()
	code, body := f.call(t, f.parent, "POST", "/api/dreams",
		`{"kid_id":"`+kid+`","gender":"girl","companion":"feefee","interests":`+interests+`,"other":"  my red\u0000 bicycle  "}`)
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	var d dreamJSON
	if err := json.Unmarshal([]byte(body), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestCreateDreamForOwnChild(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFamily(t, d)
		got := f.create(t, f.kid, `["other","space","music"]`)
		if got.Title != "Mia and the Moonlight Meadow" || got.Kid.Name != "Mia" || got.Kid.Age != 6 || got.Kid.ID != f.kid {
			t.Errorf("answer %+v", got)
		}
		if got.Companion.Label != "FeeFee the Elephant" || got.ID == "" || got.CreatedAt.IsZero() {
			t.Errorf("answer %+v", got)
		}
		if strings.Join(got.Interests, ",") != "space,music,other" || got.Other != "my red bicycle" {
			t.Errorf("interests %v other %q: 'other' goes last, cleaned", got.Interests, got.Other)
		}
		story := strings.Join(got.Paragraphs, " ")
		for _, want := range []string{"Mia", "FeeFee", "six-year-old", "rocket", "orchestra", "my red bicycle"} {
			if !strings.Contains(story, want) {
				t.Errorf("story lacks %q", want)
			}
		}
	})
}

func TestCreateDreamRefusesBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFamily(t, d)
		for _, c := range []struct {
			name, body string
			status     int
			field, msg string
		}{
			{"another parent's child", `{"kid_id":"` + f.otherKid + `","gender":"boy","companion":"siso"}`, 404, "", "Child not found"},
			{"unknown child", `{"kid_id":"` + uuid.NewString() + `","gender":"boy","companion":"siso"}`, 404, "", "Child not found"},
			{"malformed child id", `{"kid_id":"'; DROP TABLE kids;--","gender":"boy","companion":"siso"}`, 404, "", "Child not found"},
			{"no child", `{"gender":"boy","companion":"siso"}`, 400, "kid_id", "Please choose a child."},
			{"no gender", `{"kid_id":"` + f.kid + `","companion":"siso"}`, 400, "gender", "Please choose a gender."},
			{"unknown gender", `{"kid_id":"` + f.kid + `","gender":"robot","companion":"siso"}`, 400, "gender", "Please choose a gender."},
			{"unknown companion", `{"kid_id":"` + f.kid + `","gender":"boy","companion":"dragon"}`, 400, "companion", "Please choose a story companion."},
			{"four interests", `{"kid_id":"` + f.kid + `","gender":"boy","companion":"siso","interests":["space","music","lego","magic"]}`, 400, "interests", TooManyInterests},
			{"unknown interest", `{"kid_id":"` + f.kid + `","gender":"boy","companion":"siso","interests":["space","sleeping"]}`, 400, "interests", "Please choose interests from the list."},
			{"interests not a list", `{"kid_id":"` + f.kid + `","gender":"boy","companion":"siso","interests":"space"}`, 400, "", ""},
			{"huge other", `{"kid_id":"` + f.kid + `","gender":"boy","companion":"siso","interests":["other"],"other":"` + strings.Repeat("a", 2000) + `"}`, 400, "other", "Please describe the interest in a few words."},
			{"not JSON", `kid=1`, 400, "", ""},
		} {
			code, body := f.call(t, f.parent, "POST", "/api/dreams", c.body)
			if code != c.status {
				t.Errorf("%s: %d %s, want %d", c.name, code, body, c.status)
				continue
			}
			var e struct {
				Error httpx.Error `json:"error"`
			}
			_ = json.Unmarshal([]byte(body), &e)
			if c.field != "" && e.Error.Fields[c.field] != c.msg {
				t.Errorf("%s: fields %v, want %s: %q", c.name, e.Error.Fields, c.field, c.msg)
			}
			if c.field == "" && c.msg != "" && e.Error.Message != c.msg {
				t.Errorf("%s: message %q, want %q", c.name, e.Error.Message, c.msg)
			}
		}
		if code, _ := f.call(t, "", "POST", "/api/dreams", `{"kid_id":"`+f.kid+`","gender":"boy","companion":"siso"}`); code != 401 {
			t.Errorf("nobody signed in: %d", code)
		}
		if code, body := f.call(t, f.parent, "GET", "/api/dreams", ""); code != 200 || body != "{\"dreams\":[]}\n" {
			t.Errorf("refused requests stored dreams: %d %s", code, body)
		}
	})
}

func TestMyDreamsAreTheCallersNewestFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFamily(t, d)
		first := f.create(t, f.kid, `[]`)
		second := f.create(t, f.kid2, `["dinosaurs"]`)
		third := f.create(t, f.kid, `["lego"]`)

		list := func(as, query string) []dreamJSON {
			t.Helper()
			code, body := f.call(t, as, "GET", "/api/dreams"+query, "")
			if code != 200 {
				t.Fatalf("list: %d %s", code, body)
			}
			var out struct{ Dreams []dreamJSON }
			if err := json.Unmarshal([]byte(body), &out); err != nil {
				t.Fatal(err)
			}
			return out.Dreams
		}
		ids := func(ds []dreamJSON) string {
			var s []string
			for _, d := range ds {
				s = append(s, d.ID)
			}
			return strings.Join(s, ",")
		}
		if got, want := ids(list(f.parent, "")), third.ID+","+second.ID+","+first.ID; got != want {
			t.Errorf("all: %s, want newest first %s", got, want)
		}
		if got, want := ids(list(f.parent, "?kid_id="+f.kid)), third.ID+","+first.ID; got != want {
			t.Errorf("Mia's: %s, want %s", got, want)
		}
		if mine := list(f.parent, ""); len(mine[0].Paragraphs) < 5 || mine[0].Kid.Name != "Mia" {
			t.Errorf("listed dream %+v", mine[0])
		}
		if got := list(f.other, ""); len(got) != 0 {
			t.Errorf("another parent sees %d dreams", len(got))
		}
		if code, _ := f.call(t, "", "GET", "/api/dreams", ""); code != 401 {
			t.Errorf("nobody signed in: %d", code)
		}

		if code, _ := f.call(t, f.other, "DELETE", "/api/dreams/"+first.ID, ""); code != 404 {
			t.Errorf("another parent deletes a dream: %d", code)
		}
		if code, _ := f.call(t, f.parent, "DELETE", "/api/dreams/"+first.ID, ""); code != 204 {
			t.Errorf("delete: %d", code)
		}
		if code, _ := f.call(t, f.parent, "DELETE", "/api/dreams/"+first.ID, ""); code != 404 {
			t.Errorf("delete twice: %d", code)
		}
		if got, want := ids(list(f.parent, "")), third.ID+","+second.ID; got != want {
			t.Errorf("after delete: %s, want %s", got, want)
		}

		// Removing a child removes the child's stories with it.
		if err := f.kids.RemoveKid(context.Background(), f.parent, f.kid2); err != nil {
			t.Fatal(err)
		}
		if got := ids(list(f.parent, "")); got != third.ID {
			t.Errorf("after removing Leo: %s, want only %s", got, third.ID)
		}
	})
}

func TestChoicesListTheSpecsOptions(t *testing.T) {
	f := family{h: NewHandler(nil, nil, nil, nil)}
	code, body := f.call(t, "", "GET", "/api/dreams/choices", "")
	var c struct {
		Genders      []struct{ ID, Label, Pronouns string }
		Companions   []struct{ ID, Name, Label string }
		Interests    []struct{ ID, Label string }
		MaxInterests int `json:"max_interests"`
	}
	if err := json.Unmarshal([]byte(body), &c); err != nil || code != 200 {
		t.Fatalf("%d %s %v", code, body, err)
	}
	if len(c.Genders) != 3 || c.Genders[2].Label != "I'm just me!" || c.Genders[2].Pronouns != "they/their/them" {
		t.Errorf("genders %+v", c.Genders)
	}
	if len(c.Companions) != 4 || c.Companions[1].Label != "FeeFee the Elephant" {
		t.Errorf("companions %+v", c.Companions)
	}
	if len(c.Interests) != 34 || c.Interests[33].Label != "Other (specify)" || c.Interests[1].Label != "Arts & Crafts" || c.MaxInterests != 3 {
		t.Errorf("%d interests %+v", len(c.Interests), c.Interests)
	}
	if strings.Contains(body, "Scene") || strings.Contains(body, "Keepsake") {
		t.Errorf("the story phrases leak into the choices: %s", body)
	}
}
