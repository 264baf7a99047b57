package covers_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bookshop/internal/apitest"
	"bookshop/internal/auth"
	"bookshop/internal/covers"
	"bookshop/internal/images/imagestest"
)

// cover is an upload's response.
type cover struct {
	CoverImage    string
	SrcSet        string `json:"srcset"`
	Widths        []int
	Width, Height int
}

// photo is a 700×1050 phone photo as a JPEG carrying EXIF (its owner's
// name and GPS position).
func photo(t *testing.T) string { return string(imagestest.Photo(t, 700, 1050, 1)) }

func pngOf(t *testing.T, img image.Image) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// multipartForm is a form holding data as its field name, and its content type.
func multipartForm(t *testing.T, name, data string) (string, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if err := mw.WriteField("note", "the cover"); err != nil {
		t.Fatal(err)
	}
	fw, err := mw.CreateFormFile(name, "cover.jpg")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write([]byte(data))
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String(), mw.FormDataContentType()
}

var jpegBody = map[string]string{"Content-Type": "image/jpeg"}

func asEditor(t *testing.T, e *apitest.Env) { e.Staff("ed", auth.RoleEditor) }

// served checks every copy the response names: served with a year's cache,
// decoding as a picture of its width and type, without metadata.
func served(contentType string, widths []int, height int) func(t *testing.T, e *apitest.Env, res *apitest.Response) {
	return func(t *testing.T, e *apitest.Env, res *apitest.Response) {
		var c cover
		res.Decode(t, &c)
		ext := map[string]string{"image/jpeg": ".jpg", "image/png": ".png"}[contentType]
		last := widths[len(widths)-1]
		if !strings.HasPrefix(c.CoverImage, "/covers/u/") || !strings.HasSuffix(c.CoverImage, "-"+strconv.Itoa(last)+ext) ||
			c.Width != last || c.Height != height || !slices.Equal(c.Widths, widths) {
			t.Fatalf("response %+v", c)
		}
		hash := strings.TrimSuffix(strings.TrimPrefix(c.CoverImage, "/covers/u/"), "-"+strconv.Itoa(last)+ext)
		var srcset []string
		for _, w := range widths {
			u := "/covers/u/" + hash + "-" + strconv.Itoa(w) + ext
			srcset = append(srcset, u+" "+strconv.Itoa(w)+"w")
			r := e.Request("GET", u, nil, "", map[string]string{"Accept-Encoding": "gzip"}).Expect(t, 200)
			for k, want := range map[string]string{"Content-Type": contentType, "Cache-Control": "public, max-age=31536000, immutable",
				"ETag": `"` + hash + "-" + strconv.Itoa(w) + `"`, "Content-Encoding": "", "X-Content-Type-Options": "nosniff"} {
				if got := r.Header.Get(k); got != want {
					t.Errorf("%s: %s = %q, want %q", u, k, got, want)
				}
			}
			img, format, err := image.Decode(strings.NewReader(r.Body))
			if err != nil {
				t.Fatalf("%s does not decode: %v", u, err)
			}
			if "image/"+format != contentType || img.Bounds().Dx() != w {
				t.Errorf("%s decodes as %s %v", u, format, img.Bounds())
			}
			if imagestest.HasEXIF([]byte(r.Body)) || strings.Contains(r.Body, imagestest.Owner) {
				t.Errorf("%s holds metadata", u)
			}
		}
		if c.SrcSet != strings.Join(srcset, ", ") {
			t.Errorf("srcset %q", c.SrcSet)
		}
		if n := e.Count(`SELECT COUNT(*) FROM book_covers WHERE hash = ?`, hash); n != len(widths) {
			t.Errorf("%d copies stored", n)
		}
		if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'cover.upload' AND entity = 'cover' AND entity_id = ? AND actor_id = (SELECT id FROM users WHERE email = 'ed@example.com')`, hash); n != 1 {
			t.Errorf("%d audit entries", n)
		}
	}
}

// nothingStored checks that a refused upload left no copy and no entry.
func nothingStored(t *testing.T, e *apitest.Env, _ *apitest.Response) {
	if n := e.Count(`SELECT COUNT(*) FROM book_covers`); n != 0 {
		t.Errorf("%d copies stored", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'cover.upload'`); n != 0 {
		t.Errorf("%d audit entries", n)
	}
}

func TestUploadWhoMay(t *testing.T) {
	upload := func(name, as string, before func(t *testing.T, e *apitest.Env), status int, content string) apitest.Scenario {
		s := apitest.Scenario{Name: name, Method: "POST", URL: "/api/admin/covers", As: as, BeforeTest: before,
			Headers: jpegBody, ExpectedStatus: status, ExpectedContent: []string{content}}
		if status != 201 {
			s.AfterTest = nothingStored
		}
		return s
	}
	staff := func(role auth.Role) func(t *testing.T, e *apitest.Env) {
		return func(t *testing.T, e *apitest.Env) { e.Staff("ed", role) }
	}
	scenarios := []apitest.Scenario{
		upload("anonymous", "", nil, 401, `"No user logged in"`),
		upload("a customer", "pat", func(t *testing.T, e *apitest.Env) { e.User("pat") }, 403, `"Access Denied"`),
		upload("support", "ed", staff(auth.RoleSupport), 403, `"Your role does not allow this."`),
		upload("an editor signed in with one step", "ed", func(t *testing.T, e *apitest.Env) { e.Grant("ed", auth.RoleEditor) }, 403, `"insufficient_aal"`),
		upload("an editor", "ed", staff(auth.RoleEditor), 201, `"coverImage":"/covers/u/`),
		upload("a manager", "ed", staff(auth.RoleManager), 201, `"coverImage":"/covers/u/`),
		upload("the owner", "ed", staff(auth.RoleOwner), 201, `"coverImage":"/covers/u/`),
	}
	for i := range scenarios {
		scenarios[i].Body = photo(t)
	}
	apitest.Run(t, scenarios)
}

func TestUploadServesEveryWidth(t *testing.T) {
	seeThrough := image.NewNRGBA(image.Rect(0, 0, 500, 750))
	for i := range seeThrough.Pix {
		seeThrough.Pix[i] = 120
	}
	form, formType := multipartForm(t, "file", photo(t))
	apitest.Run(t, []apitest.Scenario{
		{Name: "a JPEG photo: JPEG copies without its EXIF", Method: "POST", URL: "/api/admin/covers", As: "ed", BeforeTest: asEditor,
			Body: photo(t), Headers: jpegBody, ExpectedStatus: 201,
			AfterTest: served("image/jpeg", []int{160, 320, 480, 640}, 960)},
		{Name: "a JPEG in a multipart form", Method: "POST", URL: "/api/admin/covers", As: "ed", BeforeTest: asEditor,
			Body: form, Headers: map[string]string{"Content-Type": formType}, ExpectedStatus: 201,
			AfterTest: served("image/jpeg", []int{160, 320, 480, 640}, 960)},
		{Name: "an opaque PNG: JPEG copies", Method: "POST", URL: "/api/admin/covers", As: "ed", BeforeTest: asEditor,
			Body: pngOf(t, image.NewGray(image.Rect(0, 0, 1000, 1500))), Headers: map[string]string{"Content-Type": "image/png"},
			ExpectedStatus: 201, AfterTest: served("image/jpeg", []int{160, 320, 480, 640}, 960)},
		{Name: "a PNG with transparency, narrower than 640: PNG copies, none scaled up", Method: "POST", URL: "/api/admin/covers", As: "ed",
			BeforeTest: asEditor, Body: pngOf(t, seeThrough), Headers: map[string]string{"Content-Type": "image/png"},
			ExpectedStatus: 201, AfterTest: served("image/png", []int{160, 320, 480, 500}, 750)},
		{Name: "a WebP: JPEG copies", Method: "POST", URL: "/api/admin/covers", As: "ed", BeforeTest: asEditor,
			Body: string(imagestest.WebP(800, 1200, color.NRGBA{200, 80, 20, 255})), Headers: map[string]string{"Content-Type": "image/webp"},
			ExpectedStatus: 201, AfterTest: served("image/jpeg", []int{160, 320, 480, 640}, 960)},
		{Name: "the same picture twice: the same URLs, stored once", Method: "POST", URL: "/api/admin/covers", As: "ed",
			BeforeTest: func(t *testing.T, e *apitest.Env) {
				asEditor(t, e)
				e.Vars["first"] = e.Request("POST", "/api/admin/covers", photo(t), "ed", jpegBody).Expect(t, 201).JSON(t)["srcset"].(string)
			},
			Body: photo(t), Headers: jpegBody, ExpectedStatus: 201,
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				if got := res.JSON(t)["srcset"]; got != e.Vars["first"] {
					t.Errorf("srcset %q, then %q", e.Vars["first"], got)
				}
				if n := e.Count(`SELECT COUNT(*) FROM book_covers`); n != 4 {
					t.Errorf("%d copies stored", n)
				}
				if n := e.Count(`SELECT COUNT(*) FROM audit_log WHERE action = 'cover.upload'`); n != 2 {
					t.Errorf("%d audit entries", n)
				}
			}},
	})
}

func TestUploadRefusals(t *testing.T) {
	good := photo(t)
	var bomb bytes.Buffer // 16 megapixels in a few kilobytes
	if err := png.Encode(&bomb, image.NewGray(image.Rect(0, 0, 4000, 4000))); err != nil {
		t.Fatal(err)
	}
	noFile, noFileType := multipartForm(t, "picture", good)
	refused := func(name, body, contentType string, status int, message string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "POST", URL: "/api/admin/covers", As: "ed", BeforeTest: asEditor,
			Body: body, Headers: map[string]string{"Content-Type": contentType},
			ExpectedStatus: status, ExpectedContent: []string{`"message":"` + message + `"`}, AfterTest: nothingStored}
	}
	apitest.Run(t, []apitest.Scenario{
		refused("nothing", "", "image/jpeg", 400, "Please choose a picture."),
		refused("a GIF", "GIF89a\x01\x00\x01\x00\x00\x00\x00;", "image/gif", 400, covers.Unsupported),
		refused("text", "<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml", 400, covers.Unsupported),
		refused("a JPEG cut short", good[:len(good)-200], "image/jpeg", 400, covers.Unreadable),
		refused("a PNG decompression bomb", bomb.String(), "image/png", 400, covers.TooLarge),
		refused("a WebP decompression bomb", string(imagestest.WebP(16000, 16000, color.NRGBA{1, 2, 3, 255})), "image/webp", 400, covers.TooLarge),
		refused("too small", string(imagestest.Photo(t, 400, 600, 0)), "image/jpeg", 400, "The picture must be at least 480 × 720 pixels."),
		refused("a form without its file", noFile, noFileType, 400, "Please choose a picture."),
		refused("more than 5 MB", good+strings.Repeat("\x00", covers.MaxBytes), "image/jpeg", 413, covers.TooManyBytes),
		refused("far more than 5 MB", strings.Repeat("\x00", covers.MaxRequestBytes+1), "image/jpeg", 413, "The request body is too large."),
	})
}

func TestGetCover(t *testing.T) {
	upload := func(t *testing.T, e *apitest.Env) {
		asEditor(t, e)
		u := e.Request("POST", "/api/admin/covers", photo(t), "ed", jpegBody).Expect(t, 201).JSON(t)["coverImage"].(string)
		e.Vars["hash"] = strings.TrimSuffix(strings.TrimPrefix(u, "/covers/u/"), "-640.jpg")
	}
	missing := func(name, url string) apitest.Scenario {
		return apitest.Scenario{Name: name, Method: "GET", URL: url, BeforeTest: upload,
			ExpectedStatus: 404, ExpectedContent: []string{`"Cover not found"`},
			ExpectedHeaders: map[string]string{"Cache-Control": ""}}
	}
	unknown := strings.Repeat("ab", 32)
	apitest.Run(t, []apitest.Scenario{
		{Name: "a copy, to anyone", Method: "GET", URL: "/covers/u/{hash}-320.jpg", BeforeTest: upload, ExpectedStatus: 200,
			NotExpectedContent: []string{imagestest.Owner},
			ExpectedHeaders:    map[string]string{"Content-Type": "image/jpeg", "Cache-Control": "public, max-age=31536000, immutable"},
			AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
				again := e.Request("GET", "/covers/u/{hash}-320.jpg", nil, "", map[string]string{"If-None-Match": res.Header.Get("ETag")})
				if again.Expect(t, 304).Body != "" {
					t.Errorf("a 304 with a body")
				}
			}},
		missing("a width not kept", "/covers/u/{hash}-300.jpg"),
		missing("another extension", "/covers/u/{hash}-320.png"),
		missing("an unknown hash", "/covers/u/"+unknown+"-320.jpg"),
		missing("a width with a leading zero", "/covers/u/{hash}-0320.jpg"),
		missing("an upper-case hash", "/covers/u/"+strings.ToUpper(unknown)+"-320.jpg"),
		missing("a GIF", "/covers/u/{hash}-320.gif"),
		missing("a name", "/covers/u/book-1.svg"),
		missing("a deeper path", "/covers/u/{hash}/320.jpg"),
	})
}

// The stored copies are checked from the database too: no row without its
// bytes, and the heights the response gave.
func TestStoredCopies(t *testing.T) {
	apitest.Run(t, []apitest.Scenario{{Name: "copies", Method: "POST", URL: "/api/admin/covers", As: "ed", BeforeTest: asEditor,
		Body: photo(t), Headers: jpegBody, ExpectedStatus: 201,
		AfterTest: func(t *testing.T, e *apitest.Env, res *apitest.Response) {
			res.JSON(t)
			rows, err := e.DB.QueryContext(context.Background(), `SELECT width, height, content_type, bytes FROM book_covers ORDER BY width`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var got []string
			for rows.Next() {
				var w, h int
				var ct string
				var data []byte
				if err := rows.Scan(&w, &h, &ct, &data); err != nil {
					t.Fatal(err)
				}
				if len(data) == 0 {
					t.Errorf("%d: no bytes", w)
				}
				got = append(got, strconv.Itoa(w)+"x"+strconv.Itoa(h)+" "+ct)
			}
			if want := "160x240 image/jpeg 320x480 image/jpeg 480x720 image/jpeg 640x960 image/jpeg"; strings.Join(got, " ") != want {
				t.Errorf("stored %v", got)
			}
		}}})
}
