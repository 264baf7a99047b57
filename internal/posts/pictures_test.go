package posts_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/images/imagestest"
)

const picturesURL = "/api/admin/posts/pictures"

var jpegBody = map[string]string{"Content-Type": "image/jpeg"}

func asEditor(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) }

// upload stores a 700 × 1050 phone photo as the editor and keeps its URL
// in e.Vars["picture"].
func upload(t *testing.T, e *apitest.Env) {
	asEditor(t, e)
	r := e.Request("POST", picturesURL, string(imagestest.Photo(t, 700, 1050, 1)), "ed", jpegBody).Expect(t, 201)
	e.Vars["picture"] = r.JSON(t)["url"].(string)
}

// nothingStored checks that a refused upload left no copy and no entry.
func nothingStored(t *testing.T, e *apitest.Env, _ *apitest.Response) {
	if n := e.Count(`SELECT COUNT(*) FROM post_pictures`); n != 0 {
		t.Errorf("%d pictures stored", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'post.picture'`); n != 0 {
		t.Errorf("%d audit entries", n)
	}
}

func TestPostPictureWhoMay(t *testing.T) {
	staff := func(role auth.Role) func(t *testing.T, e *apitest.Env) {
		return func(t *testing.T, e *apitest.Env) { e.Staff("ed", role) }
	}
	photo := string(imagestest.Photo(t, 700, 1050, 1))
	up := func(name, as string, before func(t *testing.T, e *apitest.Env), status int, content string) apitest.Scenario {
		s := apitest.Scenario{Name: name, Method: "POST", URL: picturesURL, As: as, BeforeTest: before, Body: photo,
			Headers: jpegBody, ExpectedStatus: status, ExpectedContent: []string{content}}
		if status != 201 {
			s.AfterTest = nothingStored
		}
		return s
	}
	apitest.Run(t, []apitest.Scenario{
		up("anonymous", "", nil, 401, `"No user logged in"`),
		up("a customer", "pat", func(t *testing.T, e *apitest.Env) { e.User("pat") }, 403, `"Access Denied"`),
		up("support", "ed", staff(auth.RoleSupport), 403, `"Your role does not allow this."`),
		up("an editor signed in with one step", "ed", func(t *testing.T, e *apitest.Env) { e.Grant("ed", auth.RoleEditor) }, 403, `"insufficient_aal"`),
		up("an editor", "ed", staff(auth.RoleEditor), 201, `"url":"/posts/pictures/`),
		up("a manager", "ed", staff(auth.RoleManager), 201, `"url":"/posts/pictures/`),
		up("the owner", "ed", staff(auth.RoleOwner), 201, `"url":"/posts/pictures/`),
	})
}

func TestPostPictureUpload(t *testing.T) {
	var bomb bytes.Buffer // 16 megapixels in a few kilobytes
	if err := png.Encode(&bomb, image.NewGray(image.Rect(0, 0, 4000, 4000))); err != nil {
		t.Fatal(err)
	}
	good := string(imagestest.Photo(t, 700, 1050, 1))
	refused := func(name, body, contentType string, status int, message string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "POST", URL: picturesURL, As: "ed", BeforeTest: asEditor,
			Body: body, Headers: map[string]string{"Content-Type": contentType},
			ExpectedStatus: status, ExpectedContent: []string{`"message":"` + message + `"`}, AfterTest: nothingStored}
	}
	apitest.Run(t, []apitest.Scenario{
		{Name: "a phone photo: kept re-encoded in its own width, without its EXIF, cached for good", Method: "POST", URL: picturesURL,
			As: "ed", BeforeTest: asEditor, Body: good, Headers: jpegBody, ExpectedStatus: 201,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				u := res.JSON(t)["url"].(string)
				if !strings.HasPrefix(u, "/posts/pictures/") || !strings.HasSuffix(u, "-700.jpg") {
					t.Fatalf("url %q", u)
				}
				r := e.Request("GET", u, nil, "", nil).Expect(t, 200)
				if got := r.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
					t.Errorf("Cache-Control %q", got)
				}
				img, format, err := image.Decode(strings.NewReader(r.Body))
				if err != nil || format != "jpeg" || img.Bounds().Dx() != 700 || img.Bounds().Dy() != 1050 {
					t.Errorf("served %s %v %v", format, err, img)
				}
				if imagestest.HasEXIF([]byte(r.Body)) || strings.Contains(r.Body, imagestest.Owner) {
					t.Errorf("metadata kept")
				}
				if n := e.Count(`SELECT COUNT(*) FROM post_pictures`); n != 1 {
					t.Errorf("%d copies", n)
				}
				if n := e.Count(`SELECT COUNT(*) FROM book_covers`); n != 0 {
					t.Errorf("kept as a cover")
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'post.picture' AND entity = 'post_picture'`); n != 1 {
					t.Errorf("%d audit entries", n)
				}
				// A post's picture is not a book's cover, and the other way round.
				e.Request("GET", strings.Replace(u, "/posts/pictures/", "/covers/u/", 1), nil, "", nil).Expect(t, 404)
			}},
		{Name: "a wide picture is kept 1280 pixels wide", Method: "POST", URL: picturesURL, As: "ed", BeforeTest: asEditor,
			Body: string(imagestest.WebP(2000, 1000, color.NRGBA{200, 80, 20, 255})), Headers: map[string]string{"Content-Type": "image/webp"},
			ExpectedStatus: 201, ExpectedContent: []string{`-1280.jpg"`, `"width":1280,"height":640`}},
		{Name: "a small drawing is welcome", Method: "POST", URL: picturesURL, As: "ed", BeforeTest: asEditor,
			Body: string(imagestest.Photo(t, 120, 90, 0)), Headers: jpegBody, ExpectedStatus: 201, ExpectedContent: []string{`-120.jpg"`}},
		refused("a GIF", "GIF89a\x01\x00\x01\x00\x00\x00\x00;", "image/gif", 400, "Upload a JPEG, PNG or WebP picture."),
		refused("an SVG", "<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml", 400, "Upload a JPEG, PNG or WebP picture."),
		refused("a JPEG cut short", good[:len(good)-200], "image/jpeg", 400, "The picture could not be read: the file may be damaged or incomplete. Please choose another."),
		refused("a decompression bomb", bomb.String(), "image/png", 400, "The picture is too large: at most 6000 × 6000 pixels, or 10 megapixels."),
		refused("nothing", "", "image/jpeg", 400, "Please choose a picture."),
		refused("more than 5 MB", good+strings.Repeat("\x00", 5<<20), "image/jpeg", 413, "The picture must be at most 5 MB."),
		{Name: "an unknown picture is a 404", Method: "GET", URL: "/posts/pictures/" + strings.Repeat("ab", 32) + "-700.jpg",
			ExpectedStatus: 404, ExpectedContent: []string{`"Picture not found"`}},
	})
}

func TestOutsidePicturesRefused(t *testing.T) {
	const message = "Upload it with “Add a picture” instead."
	refused := func(name, body string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "POST", URL: "/api/admin/posts", As: "ed", BeforeTest: asEditor,
			Body: with(newPost(), "bodyMarkdown", body), ExpectedStatus: 400,
			ExpectedContent: []string{`"code":"invalid"`, `"fields":{"bodyMarkdown":"The picture `, message},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM posts`); n != 5 {
					t.Errorf("%d posts", n)
				}
			}}
	}
	apitest.Run(t, []apitest.Scenario{
		refused("a Markdown picture on another site", "Look!\n\n![A kite](https://pics.example/kite.jpg)"),
		refused("a picture without a scheme", "![A kite](//pics.example/kite.jpg)"),
		refused("a picture by reference", "![A kite][k]\n\n[k]: http://pics.example/kite.jpg"),
		refused("a backslash a browser reads as another site", `![A kite](/\pics.example/kite.jpg)`),
		refused("a data: picture", "![A dot](data:image/png;base64,iVBORw0KGgo=)"),
		refused("an <img> block", "Hello\n\n<img src=\"https://pics.example/kite.jpg\" alt=\"A kite\">\n"),
		refused("an <img> inside a line", "A kite <img alt='kite' src='https://pics.example/kite.jpg'> flies."),
		refused("an <img> srcset", "<p><img src=\"/blog/a.svg\" srcset=\"/blog/a.svg 1x, https://pics.example/kite.jpg 2x\"></p>"),
		{Name: "a save refuses it too, naming the picture", Method: "PATCH", URL: "/api/admin/posts/1", As: "ed", BeforeTest: asEditor,
			Body:           map[string]any{"version": 1, "bodyMarkdown": "![A kite](https://pics.example/kite.jpg)"},
			ExpectedStatus: 400,
			ExpectedContent: []string{`"fields":{"bodyMarkdown":"The picture https://pics.example/kite.jpg is on another site, ` +
				`which the blog cannot show. Upload it with “Add a picture” instead."}`}},
		// Issue 38 item 7's leftover: an address of this blog's uploads that names no upload.
		{Name: "a picture of the blog's uploads that was never uploaded is refused", Method: "POST", URL: "/api/admin/posts", As: "ed",
			BeforeTest: asEditor, Body: with(newPost(), "bodyMarkdown", "![A kite](/posts/pictures/"+strings.Repeat("ab", 32)+"-700.jpg)"),
			ExpectedStatus: 400,
			ExpectedContent: []string{`"fields":{"bodyMarkdown":"The picture /posts/pictures/` + strings.Repeat("ab", 32) + `-700.jpg ` +
				`was never uploaded here, so the blog cannot show it. Upload it with “Add a picture” instead."}`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT COUNT(*) FROM posts`); n != 5 {
					t.Errorf("%d posts", n)
				}
			}},
		{Name: "a save refuses such a cover and article", Method: "PATCH", URL: "/api/admin/posts/1", As: "ed", BeforeTest: asEditor,
			Body: map[string]any{"version": 1, "coverImage": "/posts/pictures/nothing.jpg", "coverAlt": "A kite",
				"bodyMarkdown": "Hello <img alt='kite' src='/posts/pictures/" + strings.Repeat("cd", 32) + "-700.jpg'>"},
			ExpectedStatus: 400,
			ExpectedContent: []string{`"coverImage":"The picture /posts/pictures/nothing.jpg was never uploaded here`,
				`"bodyMarkdown":"The picture /posts/pictures/`},
			AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
				if n := e.Count(`SELECT version FROM posts WHERE id = 1`); n != 1 {
					t.Errorf("post 1 at version %d", n)
				}
			}},
		{Name: "links to other sites and pictures of this one are fine", Method: "POST", URL: "/api/admin/posts", As: "ed",
			BeforeTest: asEditor, Body: with(newPost(), "bodyMarkdown", "[A kite shop](https://kites.example)\n\n![Moon](/blog/bedtime-stories.svg)"),
			ExpectedStatus: 201, ExpectedContent: []string{`"status":"published"`}},
	})
}

// Every seeded post still saves unchanged.
func TestSeededPostsStillSave(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{{Name: "the five seeded posts", Method: "GET", URL: "/api/admin/posts", As: "ed",
		BeforeTest: asEditor, ExpectedStatus: 200, ExpectedContent: []string{`"id":5`},
		AfterTest: func(t *testing.T, e *apitest.Env, _ *apitest.Response) {
			for _, id := range []string{"1", "2", "3", "4", "5"} {
				p := e.Do("GET", "/api/admin/posts/"+id, nil, "ed").Expect(t, 200).JSON(t)
				e.Do("PATCH", "/api/admin/posts/"+id, map[string]any{"version": p["version"], "bodyMarkdown": p["bodyMarkdown"],
					"title": p["title"]}, "ed").Expect(t, 200)
			}
		}}})
}

func TestUploadedPictureShowsInThePost(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{{Name: "an uploaded picture in a published post", Method: "GET", URL: "/api/posts/{post}",
		BeforeTest: func(t *testing.T, e *apitest.Env) {
			upload(t, e)
			create(t, e, with(newPost(), "bodyMarkdown", "Our kite:\n\n![A red kite]("+e.Vars["picture"]+")"))
		},
		ExpectedStatus: 200,
		AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
			var a struct{ HTML string }
			res.Decode(t, &a)
			want := `<img src="` + e.Vars["picture"] + `" alt="A red kite"`
			if !strings.Contains(a.HTML, want) {
				t.Errorf("html %q lacks %q", a.HTML, want)
			}
			e.Request("GET", e.Vars["picture"], nil, "", nil).Expect(t, 200)
		}}})
}
