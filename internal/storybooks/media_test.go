package storybooks_test

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/images/imagestest"
	"bookshop/internal/storybooks"
)

const mediaPath = "/api/admin/storybooks/media"

func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestUploads(t *testing.T) {
	var bomb bytes.Buffer // 16 megapixels in a few kilobytes
	if err := png.Encode(&bomb, image.NewGray(image.Rect(0, 0, 4000, 4000))); err != nil {
		t.Fatal(err)
	}
	editor := staff(auth.RoleEditor)
	nothingStored := func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
		if n := e.Count(`SELECT COUNT(*) FROM storybook_media`); n != 0 {
			t.Errorf("%d files stored", n)
		}
	}
	refused := func(name, contentType, body string, status int, message string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "POST", URL: mediaPath, As: "ed", BeforeTest: editor, Body: body,
			Headers: map[string]string{"Content-Type": contentType}, ExpectedStatus: status,
			ExpectedContent: []string{message}, AfterTest: nothingStored}
	}
	// accepted uploads the file and checks that it is served as sent (a
	// recording) with a year's cache, and may then be a page's.
	accepted := func(name, contentType, body, kind, ext string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "POST", URL: mediaPath, As: "ed", BeforeTest: editor, Body: body,
			Headers: map[string]string{"Content-Type": contentType}, ExpectedStatus: 201,
			ExpectedContent: []string{`"url":"/storybooks/media/`, `"kind":"` + kind + `"`},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				var m storybooks.Media
				res.Decode(t, &m)
				if !strings.HasSuffix(m.URL, ext) {
					t.Errorf("url %s", m.URL)
				}
				got := e.Do("GET", m.URL, nil, "").Expect(t, 200)
				if h := got.Header.Get("Cache-Control"); h != "public, max-age=31536000, immutable" {
					t.Errorf("Cache-Control %q", h)
				}
				if kind == "narration" && got.Body != body {
					t.Errorf("the recording served is not the one sent")
				}
				if kind == "picture" && (imagestest.HasEXIF([]byte(got.Body)) || strings.Contains(got.Body, imagestest.Owner)) {
					t.Errorf("the picture kept its metadata")
				}
				if len(got.Body) != m.Size {
					t.Errorf("size %d, served %d", m.Size, len(got.Body))
				}
				e.Do("GET", strings.TrimSuffix(m.URL, ext)+".png", nil, "").Expect(t, 404)
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'storybook.media'`); n != 1 {
					t.Errorf("%d audit entries", n)
				}
			}}
	}
	text := "Once upon a time there was a text file that wanted to be a song."
	apitest.Run(t, []apitest.Scenario{
		accepted("a phone photo: re-encoded, 960 wide, without EXIF", "image/jpeg", string(imagestest.Photo(t, 1200, 900, 1)), "picture", ".jpg"),
		accepted("an MP3", "audio/mpeg", fixture(t, "narration.mp3"), "narration", ".mp3"),
		accepted("an M4A", "audio/x-m4a", fixture(t, "narration.m4a"), "narration", ".m4a"),
		accepted("an Ogg Opus", "audio/ogg", fixture(t, "narration-opus.ogg"), "narration", ".ogg"),
		accepted("an Ogg Vorbis", "audio/ogg", fixture(t, "narration-vorbis.ogg"), "narration", ".ogg"),
		refused("a text file renamed .mp3", "audio/mpeg", text, 400, "This file isn't a recording we can play (MP3)"),
		refused("a text file renamed .m4a", "audio/mp4", text, 400, "This file isn't a recording we can play (M4A)"),
		refused("a text file renamed .ogg", "audio/ogg", text, 400, "This file isn't a recording we can play (Ogg)"),
		refused("an MP3 sent as Ogg", "audio/ogg", fixture(t, "narration.mp3"), 400, "(Ogg)"),
		refused("an Ogg cut inside its first page", "audio/ogg", fixture(t, "narration-opus.ogg")[:40], 400, "(Ogg)"),
		refused("a recording over 10 MB", "audio/mpeg", fixture(t, "narration.mp3")+strings.Repeat("\x00", storybooks.MaxNarrationBytes), 413, storybooks.NarrationTooBig),
		refused("a PNG decompression bomb", "image/png", bomb.String(), 400, storybooks.PictureTooLarge),
		refused("a text file renamed .png", "image/png", text, 400, storybooks.UnsupportedMedia),
		refused("a video", "video/mp4", text, 400, storybooks.UnsupportedMedia),
		{Name: "an uploaded picture and narration on a page", Method: "GET", URL: "/api/admin/storybooks/{id}", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				pic := e.Request("POST", mediaPath, string(imagestest.Photo(t, 600, 400, 0)), "ed", map[string]string{"Content-Type": "image/jpeg"}).Expect(t, 201).JSON(t)
				rec := e.Request("POST", mediaPath, fixture(t, "narration.mp3"), "ed", map[string]string{"Content-Type": "audio/mpeg"}).Expect(t, 201).JSON(t)
				page := map[string]any{"id": "start", "text": "Siso *roars*.", "choices": []any{}, "picture": rec["url"], "narration": rec["url"]}
				wrongKind := e.Do("PUT", "/api/admin/storybooks/{id}", map[string]any{"version": 1, "pages": []any{page}}, "ed").Expect(t, 400)
				if !strings.Contains(wrongKind.Body, `"pages.start.picture"`) || strings.Contains(wrongKind.Body, `"pages.start.narration"`) {
					t.Errorf("a recording as a picture: %s", wrongKind.Body)
				}
				page["picture"], page["timings"] = pic["url"], []int{0, 400}
				e.Do("PUT", "/api/admin/storybooks/{id}", map[string]any{"version": 1, "pages": []any{page}}, "ed").Expect(t, 200)
			},
			ExpectedStatus: 200, ExpectedContent: []string{`"picture":"/storybooks/media/`, `"narration":"/storybooks/media/`, `"timings":[0,400]`, `"words":2`}},
	})
}
