package dreams

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Kid is a parent's saved child, as Dream Maker needs it.
type Kid struct {
	ID         string
	Name       string
	BirthMonth string // YYYY-MM
}

// Kids finds a parent's child. It returns ErrNoKid when userID has no child
// kidID, whether it does not exist or belongs to somebody else. The account
// feature keeps the children; the server adapts it to this.
type Kids interface {
	Kid(ctx context.Context, userID, kidID string) (Kid, error)
}

// ErrNoKid is what Kids returns for a child that is not the caller's.
var ErrNoKid = errors.New("dreams: no such child")

// TooManyInterests is the spec's warning (02 §5), also the server's response.
const TooManyInterests = "You can only select up to 3 interests. Please remove one before adding another."

// maxOtherInput refuses 'other' text far beyond anything typed in the box;
// sensible lengths are cut to MaxOtherRunes instead.
const maxOtherInput = 1000

// Service is Dream Maker: it serves /api/dreams.
type Service struct {
	db     *db.DB
	kids   Kids
	choose Chooser
	now    func() time.Time
}

// New serves dreams kept in d for the children kids finds; now (nil:
// time.Now) dates the stories and tells the children's ages.
func New(d *db.DB, kids Kids, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, kids: kids, choose: rand.IntN, now: now}
}

// GetChoices responds to GET /api/dreams/choices: the genders, companions
// and interests the page offers, so their ids and labels live in one place.
func (s *Service) GetChoices(w http.ResponseWriter, r *http.Request) error {
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"genders": Genders, "companions": Companions, "interests": Interests,
		"max_interests": MaxInterests, "max_other_length": MaxOtherRunes,
	})
}

// kidID accepts a child's id as a JSON string or number, whichever the
// account feature uses.
type kidID string

func (k *kidID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*k = kidID(strings.TrimSpace(s))
		return nil
	}
	if string(b) == "null" {
		return nil
	}
	if _, err := strconv.ParseInt(string(b), 10, 64); err != nil {
		return httpx.Invalid("Please choose a child.", map[string]string{"kid_id": "Please choose a child."})
	}
	*k = kidID(b)
	return nil
}

type createRequest struct {
	KidID     kidID    `json:"kid_id"`
	Gender    string   `json:"gender"`
	Companion string   `json:"companion"`
	Interests []string `json:"interests"`
	Other     string   `json:"other"`
}

// validate checks the request and returns the interests without repeats,
// 'other' last.
func (in createRequest) validate() ([]string, error) {
	fields := map[string]string{}
	if in.KidID == "" || len(in.KidID) > 100 {
		fields["kid_id"] = "Please choose a child."
	}
	if _, ok := findGender(in.Gender); !ok {
		fields["gender"] = "Please choose a gender."
	}
	if _, ok := findCompanion(in.Companion); !ok {
		fields["companion"] = "Please choose a story companion."
	}
	var interests []string
	for _, id := range in.Interests {
		if _, ok := findInterest(id); !ok {
			fields["interests"] = "Please choose interests from the list."
			break
		}
		if !slices.Contains(interests, id) {
			interests = append(interests, id)
		}
	}
	if _, bad := fields["interests"]; !bad && len(interests) > MaxInterests {
		fields["interests"] = TooManyInterests
	}
	if len(in.Other) > maxOtherInput {
		fields["other"] = "Please describe the interest in a few words."
	}
	if len(fields) > 0 {
		return nil, httpx.Invalid("Please check the story details.", fields)
	}
	// 'other' moves to the end, as on the page.
	if i := slices.Index(interests, OtherInterest); i >= 0 {
		interests = append(slices.Delete(interests, i, i+1), OtherInterest)
	}
	return interests, nil
}

// TooManyDreams is the 429 message of POST /api/dreams (the route's limit).
const TooManyDreams = "That is a lot of dreams! Please wait a minute and try again."

// CreateDream responds to POST /api/dreams: it composes a story for one of
// the caller's children, saves it and sends it back.
func (s *Service) CreateDream(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	var in createRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	interests, err := in.validate()
	if err != nil {
		return err
	}
	kid, err := s.kids.Kid(r.Context(), c.UserID, string(in.KidID))
	if errors.Is(err, ErrNoKid) {
		return httpx.NotFound("Child")
	}
	if err != nil {
		return err
	}
	past, err := toldTo(r.Context(), s.db, c.UserID)
	if err != nil {
		return err
	}
	story, err := Compose(Request{Name: kid.Name, BirthMonth: kid.BirthMonth, Gender: in.Gender, Companion: in.Companion,
		Interests: interests, Other: in.Other, Today: s.now()}, past, s.choose)
	if errors.Is(err, ErrNoName) {
		return httpx.Invalid("This child has no name yet. Please add one on your profile.", map[string]string{"kid_id": "This child has no name yet."})
	}
	if err != nil {
		return err
	}
	d := Dream{UserID: c.UserID, KidID: kid.ID, KidName: strings.Join(strings.Fields(kid.Name), " "), KidAge: story.Age,
		Gender: in.Gender, Companion: in.Companion, Interests: nonNil(interests), Other: story.Other,
		Template: story.Template, Title: story.Title, Paragraphs: story.Paragraphs}
	// The real time, not s.now: it orders My Dreams, also under a test's
	// clock that stands still.
	if err := insertDream(r.Context(), s.db, &d, time.Now()); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, toJSON(d))
}

// Paging of GET /api/dreams.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// ListDreams responds to GET /api/dreams?kid_id=&limit=&before=: a page of
// the caller's stories (of one child when kid_id is set), newest first,
// with the cursor of the next page, or null after the last.
func (s *Service) ListDreams(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	p, err := pageOf(r.URL.Query())
	if err != nil {
		return err
	}
	want := p.limit
	p.limit++ // one more tells whether another page follows
	list, err := listDreams(r.Context(), s.db, c.UserID, p)
	if err != nil {
		return err
	}
	var next *string
	if len(list) > want {
		list = list[:want]
		last := list[want-1]
		token := cursor{at: last.CreatedAt, id: last.ID}.String()
		next = &token
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"dreams": toJSONs(list), "nextCursor": next})
}

// pageOf reads the query of GET /api/dreams.
func pageOf(q url.Values) (page, error) {
	p := page{kidID: strings.TrimSpace(q.Get("kid_id")), limit: DefaultPageSize}
	fields := map[string]string{}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxPageSize {
			fields["limit"] = "A number from 1 to 100"
		}
		p.limit = n
	}
	if v := q.Get("before"); v != "" {
		c, ok := parseCursor(v)
		if !ok {
			fields["before"] = "Not a cursor from this list: start again from the first page"
		}
		p.before = c
	}
	if len(fields) > 0 {
		return page{}, httpx.Invalid("Please check the paging of the list.", fields)
	}
	return p, nil
}

// String is the cursor as the response gives it: opaque to the client.
func (c cursor) String() string {
	return base64.RawURLEncoding.EncodeToString([]byte(c.at.UTC().Format(time.RFC3339Nano) + " " + c.id))
}

func parseCursor(s string) (cursor, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return cursor{}, false
	}
	at, id, ok := strings.Cut(string(raw), " ")
	t, err := time.Parse(time.RFC3339Nano, at)
	if !ok || err != nil || !wellFormedID(id) {
		return cursor{}, false
	}
	return cursor{at: t.UTC(), id: id}, true
}

// UpdateDream responds to PATCH /api/dreams/{id} {kept}: "Keep this story"
// keeps the dream past the retention period; kept false lets it go then.
func (s *Service) UpdateDream(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	var in struct {
		Kept *bool `json:"kept"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Kept == nil {
		return httpx.Invalid("Please say whether to keep the story.", map[string]string{"kept": "Say true or false"})
	}
	var at *time.Time
	if *in.Kept {
		now := s.now().UTC().Truncate(time.Microsecond)
		at = &now
	}
	err = keepDream(r.Context(), s.db, c.UserID, r.PathValue("id"), at)
	if errors.Is(err, errNoDream) {
		return httpx.NotFound("Dream")
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"id": r.PathValue("id"), "kept": at != nil, "kept_at": at})
}

// DeleteDream responds to DELETE /api/dreams/{id}; another user's dream is
// not found.
func (s *Service) DeleteDream(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	err = deleteDream(r.Context(), s.db, c.UserID, r.PathValue("id"))
	if errors.Is(err, errNoDream) {
		return httpx.NotFound("Dream")
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type dreamJSON struct {
	ID         string        `json:"id"`
	Title      string        `json:"title"`
	Paragraphs []string      `json:"paragraphs"`
	Kid        kidJSON       `json:"kid"`
	Companion  companionJSON `json:"companion"`
	Gender     string        `json:"gender"`
	Interests  []string      `json:"interests"`
	Other      string        `json:"other"`
	CreatedAt  time.Time     `json:"created_at"`
	Kept       bool          `json:"kept"`
	KeptAt     *time.Time    `json:"kept_at"`
}

type kidJSON struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Age  int    `json:"age"`
}

type companionJSON struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Label string `json:"label"`
}

func toJSONs(list []Dream) []dreamJSON {
	out := make([]dreamJSON, len(list))
	for i, d := range list {
		out[i] = toJSON(d)
	}
	return out
}

func toJSON(d Dream) dreamJSON {
	pal, _ := findCompanion(d.Companion)
	return dreamJSON{ID: d.ID, Title: d.Title, Paragraphs: d.Paragraphs,
		Kid:       kidJSON{ID: d.KidID, Name: d.KidName, Age: d.KidAge},
		Companion: companionJSON{ID: pal.ID, Name: pal.Name, Label: pal.Label},
		Gender:    d.Gender, Interests: nonNil(d.Interests), Other: d.Other, CreatedAt: d.CreatedAt,
		Kept: d.KeptAt != nil, KeptAt: d.KeptAt}
}
