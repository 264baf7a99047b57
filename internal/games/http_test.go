package games_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/games"
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

// upload stores pic as the admin and keeps its URL in e.Vars[as].
func upload(t *testing.T, e *apitest.Env, pic []byte, varName string) {
	t.Helper()
	r := e.Request("POST", "/api/game-images", string(pic), "admin", pngHeader).Expect(t, 201)
	var up struct{ URL string }
	r.Decode(t, &up)
	if games.HashOfURL(up.URL) == "" {
		t.Fatalf("upload answered url %q", up.URL)
	}
	e.Vars[varName] = up.URL
}

func pairConfig(name, url1, url2 string) map[string]any {
	return map[string]any{"gameImages": []any{}, "differencePairs": []any{map[string]any{
		"id": "pair_1", "name": name, "image1Url": url1, "image2Url": url2,
		"differences": []any{map[string]any{"x": 10, "y": 20, "radius": 10}},
	}}}
}

func storedPictures(t *testing.T, e *apitest.Env) int {
	t.Helper()
	var n int
	if err := e.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM game_images`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestGameImagesAPI(t *testing.T) {
	pic := pngBytes(t, 40, 30)
	big := append(append([]byte{}, pic...), make([]byte, games.MaxImageBytes)...)
	apitest.Run(t, []apitest.Scenario{
		{Name: "anonymous may not upload", Method: "POST", URL: "/api/game-images", Body: string(pic), Headers: pngHeader,
			ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
		{Name: "a non-admin may not upload", Method: "POST", URL: "/api/game-images", Body: string(pic), Headers: pngHeader, As: "owner",
			ExpectedStatus: 403, ExpectedContent: []string{`"Access Denied"`}},
		{Name: "the admin uploads a picture", Method: "POST", URL: "/api/game-images", Body: string(pic), Headers: pngHeader, As: "admin",
			ExpectedStatus: 201, ExpectedContent: []string{`"url":"/api/game-images/`, `"width":40`, `"height":30`}},
		{Name: "a non-image is refused", Method: "POST", URL: "/api/game-images", As: "admin",
			Body: "<svg xmlns='http://www.w3.org/2000/svg'/>", Headers: map[string]string{"Content-Type": "image/svg+xml"},
			ExpectedStatus: 415,
			AfterTest:      func(t *testing.T, e *apitest.Env, _ *apitest.Response) { assertPictures(t, e, 0) }},
		{Name: "a truncated picture is refused", Method: "POST", URL: "/api/game-images", As: "admin",
			Body: string(pic[:len(pic)/2]), Headers: pngHeader, ExpectedStatus: 415},
		{Name: "an oversized upload is refused", Method: "POST", URL: "/api/game-images", As: "admin",
			Body: string(big), Headers: pngHeader, ExpectedStatus: 413, ExpectedContent: []string{"Image too large"}},
		{Name: "a picture with too many pixels is refused", Method: "POST", URL: "/api/game-images", As: "admin",
			Body: string(pngBytes(t, games.MaxImageSide+1, 2)), Headers: pngHeader, ExpectedStatus: 413, ExpectedContent: []string{"Image too large"}},
		{Name: "a stored picture is served for a year with its hash as ETag", Method: "GET", URL: "{pic}",
			BeforeTest:      func(t *testing.T, e *apitest.Env) { upload(t, e, pic, "pic") },
			ExpectedStatus:  200,
			ExpectedHeaders: map[string]string{"Content-Type": "image/png", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if res.Body != string(pic) {
					t.Fatal("served bytes differ from the upload")
				}
				again := e.Request("GET", e.Vars["pic"], nil, "", map[string]string{"If-None-Match": res.Header.Get("ETag")})
				again.Expect(t, 304)
			}},
		{Name: "an unknown picture is a 404", Method: "GET", URL: "/api/game-images/" + strings.Repeat("b", 64),
			ExpectedStatus: 404, NotExpectedContent: []string{"immutable"}},
		{Name: "a malformed picture name is a 404", Method: "GET", URL: "/api/game-images/not-a-hash", ExpectedStatus: 404},
	})
}

func assertPictures(t *testing.T, e *apitest.Env, want int) {
	t.Helper()
	if n := storedPictures(t, e); n != want {
		t.Fatalf("%d stored pictures, want %d", n, want)
	}
}

func TestGameConfigAPI(t *testing.T) {
	pic := pngBytes(t, 40, 30)
	other := pngBytes(t, 30, 40)
	unknown := "/api/game-images/" + strings.Repeat("a", 64)
	one := map[string]any{"x": 1, "y": 1, "radius": 10}
	badConfig := func(name string, body any) apitest.Scenario {
		return apitest.Scenario{Name: "bad config: " + name, Method: "PUT", URL: "/api/game-config", As: "admin", Body: body,
			ExpectedStatus: 400,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				e.Do("GET", "/api/game-config", nil, "").Expect(t, 200)
			}}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "nothing published yet: empty lists, revalidated", Method: "GET", URL: "/api/game-config",
			ExpectedStatus: 200, ExpectedContent: []string{`"gameImages":[]`, `"differencePairs":[]`},
			ExpectedHeaders: map[string]string{"Cache-Control": "no-cache"}},
		{Name: "anonymous may not publish", Method: "PUT", URL: "/api/game-config", Body: map[string]any{"gameImages": []any{}},
			ExpectedStatus: 401, ExpectedContent: []string{`"No user logged in"`}},
		{Name: "a non-admin may not publish", Method: "PUT", URL: "/api/game-config", As: "owner", Body: map[string]any{"gameImages": []any{}},
			ExpectedStatus: 403, ExpectedContent: []string{`"Access Denied"`}},
		{Name: "the admin publishes a pair every visitor reads", Method: "GET", URL: "/api/game-config",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				upload(t, e, pic, "pic")
				e.Do("PUT", "/api/game-config", pairConfig("  Zoo  ", e.Vars["pic"], e.Vars["pic"]), "admin").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"name":"Zoo"`, `"x":10`, `"radius":10`},
			ExpectedHeaders: map[string]string{"Cache-Control": "no-cache"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				var c games.Config
				res.Decode(t, &c)
				if len(c.DifferencePairs) != 1 || c.DifferencePairs[0].Image1URL != e.Vars["pic"] {
					t.Fatalf("published: %s", res.Body)
				}
			}},
		{Name: "publishing deletes the pictures nobody uses any more", Method: "PUT", URL: "/api/game-config", As: "admin",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				upload(t, e, pic, "old")
				e.Do("PUT", "/api/game-config", pairConfig("Old", e.Vars["old"], e.Vars["old"]), "admin").Expect(t, 200)
				upload(t, e, other, "new")
				assertPictures(t, e, 2)
			},
			Body: map[string]any{"gameImages": []any{}, "differencePairs": []any{}}, ExpectedStatus: 200,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				assertPictures(t, e, 0)
				e.Do("GET", e.Vars["old"], nil, "").Expect(t, 404)
			}},
		{Name: "publishing keeps the pictures the new configuration names", Method: "GET", URL: "{old}",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				upload(t, e, pic, "old")
				e.Do("PUT", "/api/game-config", pairConfig("Old", e.Vars["old"], e.Vars["old"]), "admin").Expect(t, 200)
				upload(t, e, other, "new")
				e.Do("PUT", "/api/game-config", pairConfig("New", e.Vars["new"], e.Vars["new"]), "admin").Expect(t, 200)
			},
			ExpectedStatus: 404,
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				assertPictures(t, e, 1)
				e.Do("GET", e.Vars["new"], nil, "").Expect(t, 200)
			}},
		badConfig("a picture never uploaded", pairConfig("A", unknown, unknown)),
		badConfig("a picture from another host", pairConfig("A", "https://evil.example/x.png", unknown)),
		badConfig("six differences", map[string]any{"differencePairs": []any{map[string]any{"id": "p", "name": "A", "image1Url": unknown, "image2Url": unknown,
			"differences": []any{one, one, one, one, one, one}}}}),
		badConfig("a blank name", map[string]any{"gameImages": []any{map[string]any{"id": "i", "name": "  ", "imageUrl": unknown, "objects": []any{}}}}),
		badConfig("an object outside the picture", map[string]any{"gameImages": []any{map[string]any{"id": "i", "name": "A", "imageUrl": unknown,
			"objects": []any{map[string]any{"name": "can", "x": 120, "y": 5, "radius": 5}}}}}),
		badConfig("four images", map[string]any{"gameImages": []any{map[string]any{}, map[string]any{}, map[string]any{}, map[string]any{}}}),
		badConfig("a NUL in a name", `{"gameImages":[{"id":"i","name":"A\u0000","imageUrl":"`+unknown+`","objects":[]}]}`),
		badConfig("not JSON", "{"),
	})
}
