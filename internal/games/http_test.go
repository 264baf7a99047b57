package games_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"testing"
	"time"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
	"bookshop/internal/games"
	"bookshop/internal/images/imagestest"
)

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

var pngHeader = map[string]string{"Content-Type": "image/png"}

// upload stores pic as the admin and keeps its URL in e.Vars[varName].
func upload(t *testing.T, e *apitest.Env, pic []byte, varName string) {
	t.Helper()
	r := e.Request("POST", "/api/admin/game-images", string(pic), "admin", pngHeader).Expect(t, 201)
	var up struct{ URL string }
	r.Decode(t, &up)
	if games.HashOfURL(up.URL) == "" {
		t.Fatalf("the upload's response has url %q", up.URL)
	}
	e.Vars[varName] = up.URL
}

// pairConfig is a configuration of one pair, based on version 0 (nothing
// published yet).
func pairConfig(name, url1, url2 string) map[string]any {
	return map[string]any{"version": 0, "gameImages": []any{}, "differencePairs": []any{pair(name, url1, url2)}}
}

func pair(name, url1, url2 string) map[string]any {
	return map[string]any{"id": "pair_" + name, "name": name, "image1Url": url1, "image2Url": url2,
		"differences": []any{map[string]any{"x": 10, "y": 20, "radius": 10}}}
}

// published is the configuration every visitor reads now.
func published(t *testing.T, e *apitest.Env) games.Config {
	t.Helper()
	var c games.Config
	e.Do("GET", "/api/game-config", nil, "").Expect(t, 200).Decode(t, &c)
	return c
}

func storedPictures(t *testing.T, e *apitest.Env) int {
	t.Helper()
	var n int
	if err := e.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM game_images`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func assertPictures(t *testing.T, e *apitest.Env, want int) {
	t.Helper()
	if n := storedPictures(t, e); n != want {
		t.Fatalf("%d stored pictures, want %d", n, want)
	}
}

// pastGrace makes every upload so far older than the day an unused picture
// is kept. (Moving the clock instead would expire the admin's session.)
func pastGrace(e *apitest.Env) {
	e.T.Helper()
	if _, err := e.DB.ExecContext(context.Background(), `UPDATE game_images SET created_at = ?`, e.Clock.Now().Add(-25*time.Hour).UTC()); err != nil {
		e.T.Fatal(err)
	}
}

func TestGameImagesAPI(t *testing.T) {
	pic := pngBytes(t, 40, 30)
	big := append(append([]byte{}, pic...), make([]byte, games.MaxImageBytes)...)
	apitest.Run(t, []apitest.Scenario{
		{Name: "anonymous may not upload", Method: "POST", URL: "/api/admin/game-images", Body: string(pic), Headers: pngHeader,
			ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
		{Name: "a non-admin may not upload", Method: "POST", URL: "/api/admin/game-images", Body: string(pic), Headers: pngHeader, As: "owner",
			ExpectedStatus: 403, ExpectedContent: []string{`"Access Denied"`}},
		{Name: "the admin uploads a picture, audited", Method: "POST", URL: "/api/admin/game-images", Body: string(pic), Headers: pngHeader, As: "admin",
			ExpectedStatus: 201, ExpectedContent: []string{`"url":"/api/game-images/`, `"width":40`, `"height":30`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'games.image' AND actor_id = (SELECT id FROM users WHERE email = 'admin@example.com') AND after_json LIKE ?`,
					"%"+res.JSON(t)["url"].(string)+"%")
				if n != 1 {
					t.Fatalf("%d audit entries for the upload", n)
				}
			}},
		{Name: "a non-image is refused", Method: "POST", URL: "/api/admin/game-images", As: "admin",
			Body: "<svg xmlns='http://www.w3.org/2000/svg'/>", Headers: map[string]string{"Content-Type": "image/svg+xml"},
			ExpectedStatus: 415, ExpectedContent: []string{"Only JPEG, PNG and WebP pictures can be used."},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) { assertPictures(t, e, 0) }},
		{Name: "a truncated picture is refused", Method: "POST", URL: "/api/admin/game-images", As: "admin",
			Body: string(pic[:len(pic)-20]), Headers: pngHeader, ExpectedStatus: 415, ExpectedContent: []string{`"unsupported_media_type"`}},
		{Name: "an oversized upload is refused", Method: "POST", URL: "/api/admin/game-images", As: "admin",
			Body: string(big), Headers: pngHeader, ExpectedStatus: 413, ExpectedContent: []string{"Image too large"}},
		{Name: "a picture with too many pixels is refused", Method: "POST", URL: "/api/admin/game-images", As: "admin",
			Body: string(pngBytes(t, games.MaxImageSide+1, 2)), Headers: pngHeader, ExpectedStatus: 413, ExpectedContent: []string{"Image too large"}},
		{Name: "a stored picture is served for a year under the hash of its bytes", Method: "GET", URL: "{pic}",
			BeforeTest:      func(t *testing.T, e *apitest.Env) { upload(t, e, pic, "pic") },
			ExpectedStatus:  200,
			ExpectedContent: []string{"\x89PNG"},
			ExpectedHeaders: map[string]string{"Content-Type": "image/png", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				img, err := png.Decode(strings.NewReader(res.Body))
				if err != nil || img.Bounds().Dx() != 40 || img.Bounds().Dy() != 30 {
					t.Fatalf("served picture: %v", err)
				}
				sum := sha256.Sum256([]byte(res.Body))
				if games.HashOfURL(e.Vars["pic"]) != hex.EncodeToString(sum[:]) {
					t.Error("the URL does not name the served bytes")
				}
				again := e.Request("GET", e.Vars["pic"], nil, "", map[string]string{"If-None-Match": res.Header.Get("ETag")})
				again.Expect(t, 304)
			}},
		{Name: "a photo is stored without its EXIF (GPS position, owner)", Method: "GET", URL: "{photo}",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				jpg := imagestest.Photo(t, 60, 40, 1)
				if !imagestest.HasEXIF(jpg) {
					t.Fatal("the test photo carries no EXIF")
				}
				r := e.Request("POST", "/api/admin/game-images", string(jpg), "admin", map[string]string{"Content-Type": "image/jpeg"})
				r.Expect(t, 201)
				e.Vars["photo"] = r.JSON(t)["url"].(string)
			},
			ExpectedStatus: 200, ExpectedHeaders: map[string]string{"Content-Type": "image/jpeg"},
			ExpectedContent: []string{"\xFF\xD8"}, NotExpectedContent: []string{imagestest.Owner, "Exif"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				var data []byte
				if err := e.DB.QueryRowContext(context.Background(), `SELECT data FROM game_images`).Scan(&data); err != nil {
					t.Fatal(err)
				}
				if imagestest.HasEXIF(data) || imagestest.HasEXIF([]byte(res.Body)) {
					t.Error("the stored picture holds EXIF")
				}
			}},
		{Name: "an unknown picture is a 404", Method: "GET", URL: "/api/game-images/" + strings.Repeat("b", 64),
			ExpectedStatus: 404, ExpectedContent: []string{`"Picture not found"`}, NotExpectedContent: []string{"immutable"}},
		{Name: "a malformed picture name is a 404", Method: "GET", URL: "/api/game-images/not-a-hash",
			ExpectedStatus: 404, ExpectedContent: []string{`"Picture not found"`}},
	})
}

func TestGameConfigAPI(t *testing.T) {
	pic := pngBytes(t, 40, 30)
	other := pngBytes(t, 30, 40)
	unknown := "/api/game-images/" + strings.Repeat("a", 64)
	one := map[string]any{"x": 1, "y": 1, "radius": 10}
	// refused is a save that must change nothing: the published pair and
	// its picture stay.
	refused := func(name string, body any, status int, content ...string) apitest.Scenario {
		return apitest.Scenario{Name: "refused: " + name, Method: "PUT", URL: "/api/admin/game-config", As: "admin", Body: body,
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				upload(t, e, pic, "pic")
				e.Do("PUT", "/api/admin/game-config", pairConfig("Zoo", e.Vars["pic"], e.Vars["pic"]), "admin").Expect(t, 200)
				pastGrace(e)
			},
			ExpectedStatus: status, ExpectedContent: content,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				c := published(t, e)
				if c.Version != 1 || len(c.DifferencePairs) != 1 {
					t.Errorf("published after a refused save: %+v", c)
				}
				e.Do("GET", e.Vars["pic"], nil, "").Expect(t, 200)
			}}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "nothing published yet: version 0, empty lists, shop pictures shown, revalidated", Method: "GET", URL: "/api/game-config",
			ExpectedStatus: 200, ExpectedContent: []string{`"version":0`, `"hideShopPictures":false`, `"gameImages":[]`, `"differencePairs":[]`},
			ExpectedHeaders: map[string]string{"Cache-Control": "no-cache"}},
		{Name: "anonymous may not publish", Method: "PUT", URL: "/api/admin/game-config", Body: pairConfig("A", unknown, unknown),
			ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
		{Name: "a non-admin may not publish", Method: "PUT", URL: "/api/admin/game-config", As: "owner", Body: pairConfig("A", unknown, unknown),
			ExpectedStatus: 403, ExpectedContent: []string{`"Access Denied"`}},
		{Name: "the admin publishes a pair every visitor reads", Method: "GET", URL: "/api/game-config",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				upload(t, e, pic, "pic")
				r := e.Do("PUT", "/api/admin/game-config", pairConfig("  Zoo  ", e.Vars["pic"], e.Vars["pic"]), "admin").Expect(t, 200)
				if !strings.Contains(r.Body, `"version":1`) {
					t.Errorf("the save's response: %s", r.Body)
				}
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"version":1`, `"name":"Zoo"`, `"x":10`, `"radius":10`},
			ExpectedHeaders: map[string]string{"Cache-Control": "no-cache"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				var c games.Config
				res.Decode(t, &c)
				if len(c.DifferencePairs) != 1 || c.DifferencePairs[0].Image1URL != e.Vars["pic"] {
					t.Fatalf("published: %s", res.Body)
				}
			}},
		{Name: "the admin hides the shop's own pictures", Method: "GET", URL: "/api/game-config",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				upload(t, e, pic, "pic")
				body := pairConfig("Zoo", e.Vars["pic"], e.Vars["pic"])
				body["hideShopPictures"] = true
				e.Do("PUT", "/api/admin/game-config", body, "admin").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"version":1`, `"hideShopPictures":true`}},
		{Name: "a save after the one it read publishes the next version", Method: "PUT", URL: "/api/admin/game-config", As: "admin",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				upload(t, e, pic, "pic")
				e.Do("PUT", "/api/admin/game-config", pairConfig("Zoo", e.Vars["pic"], e.Vars["pic"]), "admin").Expect(t, 200)
			},
			Body:           map[string]any{"version": 1, "gameImages": []any{}, "differencePairs": []any{}},
			ExpectedStatus: 200, ExpectedContent: []string{`"version":2`, `"differencePairs":[]`}},
		{Name: "publishing deletes, a day after their upload, the pictures nobody uses any more", Method: "PUT", URL: "/api/admin/game-config", As: "admin",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				upload(t, e, pic, "old")
				e.Do("PUT", "/api/admin/game-config", pairConfig("Old", e.Vars["old"], e.Vars["old"]), "admin").Expect(t, 200)
				upload(t, e, other, "new")
				assertPictures(t, e, 2)
				pastGrace(e)
			},
			Body: map[string]any{"version": 1, "gameImages": []any{}, "differencePairs": []any{}}, ExpectedStatus: 200,
			ExpectedContent: []string{`"version":2`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				assertPictures(t, e, 0)
				e.Do("GET", e.Vars["old"], nil, "").Expect(t, 404)
			}},
		{Name: "publishing keeps a fresh upload another admin is about to use", Method: "PUT", URL: "/api/admin/game-config", As: "admin",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				upload(t, e, pic, "old")
				e.Do("PUT", "/api/admin/game-config", pairConfig("Old", e.Vars["old"], e.Vars["old"]), "admin").Expect(t, 200)
				pastGrace(e)
				upload(t, e, other, "new")
			},
			Body:           map[string]any{"version": 1, "gameImages": []any{}, "differencePairs": []any{}},
			ExpectedStatus: 200, ExpectedContent: []string{`"version":2`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				e.Do("GET", e.Vars["old"], nil, "").Expect(t, 404)
				e.Do("GET", e.Vars["new"], nil, "").Expect(t, 200)
			}},
		{Name: "publishing keeps the pictures the new configuration names", Method: "GET", URL: "{old}",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				upload(t, e, pic, "old")
				e.Do("PUT", "/api/admin/game-config", pairConfig("Old", e.Vars["old"], e.Vars["old"]), "admin").Expect(t, 200)
				upload(t, e, other, "new")
				pastGrace(e)
				body := pairConfig("New", e.Vars["new"], e.Vars["new"])
				body["version"] = 1
				e.Do("PUT", "/api/admin/game-config", body, "admin").Expect(t, 200)
			},
			ExpectedStatus: 404, ExpectedContent: []string{`"Picture not found"`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				assertPictures(t, e, 1)
				e.Do("GET", e.Vars["new"], nil, "").Expect(t, 200)
			}},
		refused("a body of null", "null", 400, `"version":"Required`, `"gameImages":"Required`, `"differencePairs":"Required`),
		refused("an empty object", map[string]any{}, 400, `"version":"Required`, `"gameImages":"Required`),
		refused("a misspelt key", map[string]any{"version": 1, "gameImage": []any{}, "differencePairs": []any{}}, 400,
			`"gameImage":"Unknown field"`),
		refused("a misspelt key inside a pair", `{"version":1,"gameImages":[],"differencePairs":[{"id":"p","name":"A","imageOneUrl":"x"}]}`, 400,
			`"imageOneUrl":"Unknown field"`),
		refused("lists set to null", map[string]any{"version": 1, "gameImages": nil, "differencePairs": nil}, 400,
			`"gameImages":"Required`, `"differencePairs":"Required`),
		refused("no version", map[string]any{"gameImages": []any{}, "differencePairs": []any{}}, 400, `"version":"Required`),
		refused("a version of the wrong type", map[string]any{"version": "1", "gameImages": []any{}, "differencePairs": []any{}}, 400,
			`"version":"Wrong type"`),
		refused("a negative version", map[string]any{"version": -1, "gameImages": []any{}, "differencePairs": []any{}}, 400, `"version":"Required`),
		refused("an array", "[]", 400, `"body":"Wrong type"`),
		refused("a stale version", map[string]any{"version": 0, "gameImages": []any{}, "differencePairs": []any{}}, 409,
			`{"error":{"code":"conflict","message":"`+games.ConflictMessage+`"}}`),
		refused("a version from the future", map[string]any{"version": 7, "gameImages": []any{}, "differencePairs": []any{}}, 409, `"conflict"`),
		refused("a picture never uploaded", map[string]any{"version": 1, "gameImages": []any{}, "differencePairs": []any{pair("A", unknown, unknown)}}, 400,
			`"differencePairs":"This picture is no longer stored. Please upload it again."`),
		refused("a picture from another host", map[string]any{"version": 1, "gameImages": []any{}, "differencePairs": []any{pair("A", "https://evil.example/x.png", unknown)}}, 400,
			`"differencePairs":"Pictures must be uploaded to /api/admin/game-images first"`),
		refused("six differences", map[string]any{"version": 1, "gameImages": []any{}, "differencePairs": []any{map[string]any{"id": "p", "name": "A", "image1Url": unknown, "image2Url": unknown,
			"differences": []any{one, one, one, one, one, one}}}}, 400, `"differencePairs":"You can only mark up to 5 differences per image pair."`),
		refused("a blank name", map[string]any{"version": 1, "differencePairs": []any{}, "gameImages": []any{map[string]any{"id": "i", "name": "  ", "imageUrl": unknown, "objects": []any{}}}}, 400,
			`"gameImages":"Name: required"`),
		refused("an object outside the picture", map[string]any{"version": 1, "differencePairs": []any{}, "gameImages": []any{map[string]any{"id": "i", "name": "A", "imageUrl": unknown,
			"objects": []any{map[string]any{"name": "can", "x": 120, "y": 5, "radius": 5}}}}}, 400, `"gameImages":"Places are percentages`),
		refused("four images", map[string]any{"version": 1, "differencePairs": []any{}, "gameImages": []any{map[string]any{}, map[string]any{}, map[string]any{}, map[string]any{}}}, 400,
			`"gameImages":"At most 3 game images"`),
		refused("a NUL in a name", `{"version":1,"differencePairs":[],"gameImages":[{"id":"i","name":"A\u0000","imageUrl":"`+unknown+`","objects":[]}]}`, 400,
			`"name":"Must not contain control characters"`),
		refused("not JSON", "{", 400, `"The request body is not valid JSON."`),
	})
}

// TestTwoAdminsSavingAtOnce is issue 26's race: one admin adds a picture,
// another a pair, from the same version.
func TestTwoAdminsSavingAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		upload(t, e, pngBytes(t, 40, 30), "a")
		upload(t, e, pngBytes(t, 41, 30), "b")
		body := func(name, url string) map[string]any {
			b := pairConfig(name, url, url)
			b["version"] = published(t, e).Version
			return b
		}
		first, second := body("A", e.Vars["a"]), body("B", e.Vars["b"])
		e.Do("PUT", "/api/admin/game-config", first, "admin").Expect(t, 200)
		stale := e.Do("PUT", "/api/admin/game-config", second, "admin").Expect(t, 409)
		if !strings.Contains(stale.Body, games.ConflictMessage) {
			t.Errorf("the stale save's response: %s", stale.Body)
		}
		// The second admin reloads: their picture is still there to use.
		second = body("B", e.Vars["b"])
		second["differencePairs"] = []any{pair("A", e.Vars["a"], e.Vars["a"]), pair("B", e.Vars["b"], e.Vars["b"])}
		e.Do("PUT", "/api/admin/game-config", second, "admin").Expect(t, 200)
		if c := published(t, e); c.Version != 2 || len(c.DifferencePairs) != 2 {
			t.Errorf("published %+v", c)
		}
	})
}

// TestParallelSavesNeverPublishAMissingPicture runs 20 rounds in which
// three admins each upload a picture and save a configuration from the
// version they read, at once; unused pictures are past their grace every
// round, so each save may delete the others' uploads.
func TestParallelSavesNeverPublishAMissingPicture(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		e.User("admin")
		saved := 0
		for round := range 20 {
			pastGrace(e)
			start := published(t, e)
			var wg sync.WaitGroup
			statuses := make([]int, 3)
			for i := range 3 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					pic := pngBytes(t, 20+round, 10+i)
					r := e.Request("POST", "/api/admin/game-images", string(pic), "admin", pngHeader)
					if r.Status != 201 {
						statuses[i] = r.Status
						return
					}
					url := r.JSON(t)["url"].(string)
					pairs := []any{}
					for _, p := range start.DifferencePairs[:min(len(start.DifferencePairs), games.MaxPairs-1)] {
						pairs = append(pairs, pair(p.Name, p.Image1URL, p.Image2URL))
					}
					// The new pair shows the new picture beside an old one, which must stay.
					old := url
					if len(start.DifferencePairs) > 0 {
						old = start.DifferencePairs[0].Image1URL
					}
					pairs = append(pairs, pair(fmt.Sprintf("r%d-%d", round, i), url, old))
					statuses[i] = e.Do("PUT", "/api/admin/game-config", map[string]any{"version": start.Version,
						"gameImages": []any{}, "differencePairs": pairs}, "admin").Status
				}()
			}
			wg.Wait()
			ok := 0
			for _, s := range statuses {
				switch s {
				case 200:
					ok++
				case 409:
				default:
					t.Fatalf("round %d: a save got %d", round, s)
				}
			}
			if ok != 1 {
				t.Fatalf("round %d: %d saves succeeded from one version, want exactly 1", round, ok)
			}
			saved += ok
			for _, p := range published(t, e).DifferencePairs {
				for _, u := range []string{p.Image1URL, p.Image2URL} {
					if r := e.Do("GET", u, nil, ""); r.Status != 200 {
						t.Fatalf("round %d: the published pair %s names a missing picture (%d)", round, p.Name, r.Status)
					}
				}
			}
		}
		if c := published(t, e); c.Version != int64(saved) {
			t.Errorf("version %d after %d saves", c.Version, saved)
		}
	})
}
