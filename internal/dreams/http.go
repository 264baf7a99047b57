package dreams

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
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
	ID          string
	Name        string
	DateOfBirth string // YYYY-MM-DD
}

// Kids finds a parent's child. It answers ErrNoKid when userID has no child
// kidID, whether it does not exist or belongs to somebody else. The account
// feature keeps the children; the server adapts it to this.
type Kids interface {
	Kid(ctx context.Context, userID, kidID string) (Kid, error)
}

// ErrNoKid is what Kids answers for a child that is not the caller's.
var ErrNoKid = errors.New("dreams: no such child")

// TooManyInterests is the spec's warning (02 §5), also the server's answer.
const TooManyInterests = "You can only select up to 3 interests. Please remove one before adding another."

// maxOtherInput refuses 'other' text far beyond anything typed in the box;
// sensible lengths are cut to MaxOtherRunes instead.
const maxOtherInput = 1000

// Handler serves /api/dreams.
type Handler struct {
	store  *Store
	kids   Kids
	choose Chooser
	now    func() time.Time
}

// NewHandler serves dreams kept in d for the children kids finds; now (nil:
// time.Now) dates the stories and tells the children's ages.
func NewHandler(d *db.DB, kids Kids, now func() time.Time) *Handler {
	if now == nil {
		now = time.Now
	}
	return &Handler{store: NewStore(d), kids: kids, choose: rand.IntN, now: now}
}

// Choices answers GET /api/dreams/choices: the genders, companions and
// interests the page offers, so their ids and labels live in one place.
func (h *Handler) Choices(w http.ResponseWriter, r *http.Request) error {
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

// Create answers POST /api/dreams: it composes a story for one of the
// caller's children, saves it and answers it.
func (h *Handler) Create(w http.ResponseWriter, r *http.Request) error {
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
	kid, err := h.kids.Kid(r.Context(), c.UserID, string(in.KidID))
	if errors.Is(err, ErrNoKid) {
		return httpx.NotFound("Child")
	}
	if err != nil {
		return err
	}
	story, err := Compose(Request{Name: kid.Name, DateOfBirth: kid.DateOfBirth, Gender: in.Gender, Companion: in.Companion,
		Interests: interests, Other: in.Other, Today: h.now()}, h.choose)
	if errors.Is(err, ErrNoName) {
		return httpx.Invalid("This child has no name yet. Please add one on your profile.", map[string]string{"kid_id": "This child has no name yet."})
	}
	if err != nil {
		return err
	}
	d := Dream{UserID: c.UserID, KidID: kid.ID, KidName: strings.Join(strings.Fields(kid.Name), " "), KidAge: story.Age,
		Gender: in.Gender, Companion: in.Companion, Interests: nonNil(interests), Other: story.Other,
		Template: story.Template, Title: story.Title, Paragraphs: story.Paragraphs}
	if err := h.store.Create(r.Context(), &d); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, answer(d))
}

// List answers GET /api/dreams[?kid_id=]: the caller's stories, newest first.
func (h *Handler) List(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	out, err := h.listed(r.Context(), c.UserID, strings.TrimSpace(r.URL.Query().Get("kid_id")))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"dreams": out})
}

// Of is every dream of the parent as GET /api/dreams shows them, for the
// account's data export.
func (h *Handler) Of(ctx context.Context, userID string) (any, error) {
	return h.listed(ctx, userID, "")
}

// listed is the parent's dreams (of one child, when kidID is set), newest first.
func (h *Handler) listed(ctx context.Context, userID, kidID string) ([]dreamJSON, error) {
	list, err := h.store.List(ctx, userID, kidID)
	if err != nil {
		return nil, err
	}
	out := make([]dreamJSON, len(list))
	for i, d := range list {
		out[i] = answer(d)
	}
	return out, nil
}

// Delete answers DELETE /api/dreams/{id}; another user's dream is not found.
func (h *Handler) Delete(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	err = h.store.Delete(r.Context(), c.UserID, r.PathValue("id"))
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

func answer(d Dream) dreamJSON {
	pal, _ := findCompanion(d.Companion)
	return dreamJSON{ID: d.ID, Title: d.Title, Paragraphs: d.Paragraphs,
		Kid:       kidJSON{ID: d.KidID, Name: d.KidName, Age: d.KidAge},
		Companion: companionJSON{ID: pal.ID, Name: pal.Name, Label: pal.Label},
		Gender:    d.Gender, Interests: nonNil(d.Interests), Other: d.Other, CreatedAt: d.CreatedAt}
}
