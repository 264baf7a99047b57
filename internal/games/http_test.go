package games_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/games"
	"bookshop/internal/httpx"
)

// server wires the handlers as routes.go does, with the caller named by
// the X-Test-As header put in the context the way the auth middleware does.
func server(d *db.DB) http.Handler {
	h := games.NewHandlers(games.NewStore(d))
	mux := http.NewServeMux()
	mux.Handle("GET /api/game-config", httpx.Handle(h.GetConfig))
	mux.Handle("PUT /api/game-config", httpx.Handle(h.PutConfig))
	mux.Handle("POST /api/game-images", httpx.Handle(h.UploadImage))
	mux.Handle("GET /api/game-images/{hash}", httpx.Handle(h.GetImage))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Header.Get("X-Test-As") {
		case "admin":
			r = r.WithContext(auth.WithCaller(r.Context(), auth.Caller{UserID: "u-admin", IsAdmin: true}))
		case "user":
			r = r.WithContext(auth.WithCaller(r.Context(), auth.Caller{UserID: "u-user"}))
		}
		mux.ServeHTTP(w, r)
	})
}

func do(t *testing.T, h http.Handler, method, url, as string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, url, bytes.NewReader(body))
	if as != "" {
		r.Header.Set("X-Test-As", as)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(1, 1, color.RGBA{255, 0, 0, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGameConfigAPI(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := server(d)
		pic := pngBytes(t, 40, 30)

		t.Run("anonymous and non-admin callers may not upload or publish", func(t *testing.T) {
			if w := do(t, h, "POST", "/api/game-images", "", pic); w.Code != http.StatusUnauthorized {
				t.Fatalf("anonymous upload: %d", w.Code)
			}
			if w := do(t, h, "POST", "/api/game-images", "user", pic); w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "Access Denied") {
				t.Fatalf("non-admin upload: %d %s", w.Code, w.Body)
			}
			cfg := []byte(`{"gameImages":[],"differencePairs":[]}`)
			if w := do(t, h, "PUT", "/api/game-config", "", cfg); w.Code != http.StatusUnauthorized {
				t.Fatalf("anonymous put: %d", w.Code)
			}
			if w := do(t, h, "PUT", "/api/game-config", "user", cfg); w.Code != http.StatusForbidden {
				t.Fatalf("non-admin put: %d", w.Code)
			}
		})

		t.Run("a non-image, a truncated image and an oversized upload are refused", func(t *testing.T) {
			if w := do(t, h, "POST", "/api/game-images", "admin", []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")); w.Code != http.StatusUnsupportedMediaType {
				t.Fatalf("svg: %d %s", w.Code, w.Body)
			}
			if w := do(t, h, "POST", "/api/game-images", "admin", pic[:len(pic)/2]); w.Code != http.StatusUnsupportedMediaType {
				t.Fatalf("truncated png: %d %s", w.Code, w.Body)
			}
			big := append(append([]byte{}, pic...), make([]byte, games.MaxImageBytes)...)
			if w := do(t, h, "POST", "/api/game-images", "admin", big); w.Code != http.StatusRequestEntityTooLarge {
				t.Fatalf("oversized: %d", w.Code)
			}
			if w := do(t, h, "POST", "/api/game-images", "admin", pngBytes(t, games.MaxImageSide+1, 2)); w.Code != http.StatusRequestEntityTooLarge {
				t.Fatalf("too many pixels: %d", w.Code)
			}
		})

		t.Run("the admin publishes a pair that every visitor reads", func(t *testing.T) {
			w := do(t, h, "POST", "/api/game-images", "admin", pic)
			if w.Code != http.StatusCreated {
				t.Fatalf("upload: %d %s", w.Code, w.Body)
			}
			var up struct{ URL string }
			_ = json.Unmarshal(w.Body.Bytes(), &up)
			if games.HashOfURL(up.URL) == "" {
				t.Fatalf("url %q", up.URL)
			}
			img := do(t, h, "GET", up.URL, "", nil)
			if img.Code != 200 || img.Header().Get("Content-Type") != "image/png" || !strings.Contains(img.Header().Get("Cache-Control"), "immutable") || !bytes.Equal(img.Body.Bytes(), pic) {
				t.Fatalf("image: %d %v", img.Code, img.Header())
			}
			r := httptest.NewRequest("GET", up.URL, nil)
			r.Header.Set("If-None-Match", img.Header().Get("ETag"))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			if rec.Code != http.StatusNotModified {
				t.Fatalf("etag: %d", rec.Code)
			}

			cfg := `{"gameImages":[],"differencePairs":[{"id":"pair_1","name":"  Zoo  ","image1Url":"` + up.URL + `","image2Url":"` + up.URL + `","differences":[{"x":10,"y":20,"radius":10}]}]}`
			if w := do(t, h, "PUT", "/api/game-config", "admin", []byte(cfg)); w.Code != http.StatusOK {
				t.Fatalf("put: %d %s", w.Code, w.Body)
			}
			got := do(t, h, "GET", "/api/game-config", "", nil)
			var c games.Config
			_ = json.Unmarshal(got.Body.Bytes(), &c)
			if len(c.DifferencePairs) != 1 || c.DifferencePairs[0].Name != "Zoo" || len(c.DifferencePairs[0].Differences) != 1 {
				t.Fatalf("published: %s", got.Body)
			}
		})

		t.Run("limits, unknown pictures and bad places are refused", func(t *testing.T) {
			url := "/api/game-images/" + strings.Repeat("a", 64)
			six := `[{"x":1,"y":1,"radius":10},{"x":1,"y":1,"radius":10},{"x":1,"y":1,"radius":10},{"x":1,"y":1,"radius":10},{"x":1,"y":1,"radius":10},{"x":1,"y":1,"radius":10}]`
			for name, body := range map[string]string{
				"never uploaded":  `{"differencePairs":[{"id":"p","name":"A","image1Url":"` + url + `","image2Url":"` + url + `","differences":[]}]}`,
				"outside host":    `{"differencePairs":[{"id":"p","name":"A","image1Url":"https://evil.example/x.png","image2Url":"x","differences":[]}]}`,
				"six differences": `{"differencePairs":[{"id":"p","name":"A","image1Url":"` + url + `","image2Url":"` + url + `","differences":` + six + `}]}`,
				"blank name":      `{"gameImages":[{"id":"i","name":"  ","imageUrl":"` + url + `","objects":[]}]}`,
				"outside picture": `{"gameImages":[{"id":"i","name":"A","imageUrl":"` + url + `","objects":[{"name":"can","x":120,"y":5,"radius":5}]}]}`,
				"four images":     `{"gameImages":[{},{},{},{}]}`,
				"nul in name":     `{"gameImages":[{"id":"i","name":"A\u0000","imageUrl":"` + url + `","objects":[]}]}`,
			} {
				if w := do(t, h, "PUT", "/api/game-config", "admin", []byte(body)); w.Code != http.StatusBadRequest {
					t.Errorf("%s: %d %s", name, w.Code, w.Body)
				}
			}
			if w := do(t, h, "GET", "/api/game-images/"+strings.Repeat("b", 64), "", nil); w.Code != http.StatusNotFound {
				t.Errorf("unknown image: %d", w.Code)
			}
		})
	})
}
