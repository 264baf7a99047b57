package gotrue_test

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/boombuler/barcode/qr"
	"github.com/pquerna/otp/totp"

	"bookshop/internal/apitest"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// enrolment is the body of POST /auth/v1/factors.
type enrolment struct {
	ID   string `json:"id"`
	TOTP struct {
		QRCode string `json:"qr_code"`
		Secret string `json:"secret"`
		URI    string `json:"uri"`
	} `json:"totp"`
}

func enrol(t *testing.T, e *apitest.Env, s session) enrolment {
	t.Helper()
	r := e.Request("POST", "/auth/v1/factors", map[string]any{"factor_type": "totp"}, "", s.auth())
	r.Expect(t, http.StatusOK)
	var out enrolment
	r.Decode(t, &out)
	return out
}

// verifyCode challenges the factor and meets the challenge with code.
func verifyCode(t *testing.T, e *apitest.Env, s session, factorID, code string) *apitest.Response {
	t.Helper()
	c := e.Request("POST", "/auth/v1/factors/"+factorID+"/challenge", nil, "", s.auth())
	c.Expect(t, http.StatusOK)
	return e.Request("POST", "/auth/v1/factors/"+factorID+"/verify",
		map[string]any{"challenge_id": c.JSON(t)["id"], "code": code}, "", s.auth())
}

// The enrolment's otpauth URI parses with the issuer whole ("Siso & Friends"
// once split at its '&'), and its QR code is an image that holds that URI,
// also once auth-js has made it the data URI the app shows (#26).
func TestEnrolmentURIAndQRCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		f := enrol(t, e, confirmedUser(t, e, "ann+kids@example.com"))

		u, err := url.Parse(f.TOTP.URI)
		if err != nil {
			t.Fatalf("otpauth URI %q: %v", f.TOTP.URI, err)
		}
		q := u.Query()
		if u.Scheme != "otpauth" || u.Host != "totp" || u.Path != "/Siso & Friends:ann+kids@example.com" ||
			q.Get("issuer") != "Siso & Friends" || q.Get("secret") != f.TOTP.Secret || f.TOTP.Secret == "" ||
			q.Get("digits") != "6" || q.Get("period") != "30" || q.Get("algorithm") != "SHA1" {
			t.Fatalf("otpauth URI %q reads as %s %s %s %v", f.TOTP.URI, u.Scheme, u.Host, u.Path, q)
		}

		// auth-js hands the app "data:image/svg+xml;utf-8," + qr_code.
		dataURI := "data:image/svg+xml;utf-8," + f.TOTP.QRCode
		if i := strings.IndexAny(dataURI, "#%\n"); i >= 0 {
			t.Fatalf("the data URI breaks at %q (offset %d): %.80s", dataURI[i], i, dataURI[i:])
		}
		if got := qrModules(t, f.TOTP.QRCode); got != qrOf(t, f.TOTP.URI) {
			t.Fatalf("the QR code does not hold the otpauth URI:\n%s\nwant\n%s", got, qrOf(t, f.TOTP.URI))
		}
	})
}

// qrModules reads the dark modules the SVG draws, one "M x y h1v1h-1z" per
// module, as rows of '#' and '.'.
func qrModules(t *testing.T, svg string) string {
	t.Helper()
	var doc struct {
		ViewBox string `xml:"viewBox,attr"`
		Paths   []struct {
			D string `xml:"d,attr"`
		} `xml:"path"`
	}
	if err := xml.Unmarshal([]byte(svg), &doc); err != nil || len(doc.Paths) != 1 {
		t.Fatalf("qr_code is not the expected SVG (%v): %.200s", err, svg)
	}
	var x0, y0, w, h int
	if _, err := fmt.Sscanf(doc.ViewBox, "%d %d %d %d", &x0, &y0, &w, &h); err != nil {
		t.Fatalf("viewBox %q: %v", doc.ViewBox, err)
	}
	n := w + 2*x0 // the quiet zone is -x0 on each side
	grid := make([][]byte, n)
	for i := range grid {
		grid[i] = []byte(strings.Repeat(".", n))
	}
	for cell := range strings.SplitSeq(strings.TrimSuffix(doc.Paths[0].D, "z"), "z") {
		var x, y int
		if _, err := fmt.Sscanf(cell, "M%d %dh1v1h-1", &x, &y); err != nil || x < 0 || y < 0 || x >= n || y >= n {
			t.Fatalf("path cell %q: %v", cell, err)
		}
		grid[y][x] = '#'
	}
	rows := make([]string, n)
	for i, r := range grid {
		rows[i] = string(r)
	}
	return strings.Join(rows, "\n")
}

// qrOf is the QR code of content at the server's error correction level.
func qrOf(t *testing.T, content string) string {
	t.Helper()
	code, err := qr.Encode(content, qr.M, qr.Auto)
	if err != nil {
		t.Fatal(err)
	}
	n := code.Bounds().Dx()
	rows := make([]string, n)
	for y := range n {
		var b strings.Builder
		for x := range n {
			if r, _, _, _ := code.At(x, y).RGBA(); r == 0 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		rows[y] = b.String()
	}
	return strings.Join(rows, "\n")
}

// A TOTP code works once: not again on a new challenge within its window
// (#9), nor a recovery code twice.
func TestTOTPCodeIsNotReplayed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := apitest.NewEnv(t, d, nil)
		s := confirmedUser(t, e, "mfa@example.com")
		f := enrol(t, e, s)
		code, _ := totp.GenerateCode(f.TOTP.Secret, e.Clock.Now())
		first := verifyCode(t, e, s, f.ID, code).Expect(t, http.StatusOK)
		recovery := first.JSON(t)["recovery_codes"].([]any)[0].(string)

		// Entered again, the code says it was used and asks for the next one
		// (#26); a wrong code keeps GoTrue's message. Both keep GoTrue's code.
		attacker := signIn(t, e, "mfa@example.com", apitest.Password)
		again := verifyCode(t, e, attacker, f.ID, code)
		expectError(t, again, http.StatusUnprocessableEntity, "mfa_verification_failed")
		if !strings.Contains(again.Body, "already been used") || !strings.Contains(again.Body, "next code") {
			t.Fatalf("reused code: %s", again.Body)
		}
		wrong := verifyCode(t, e, attacker, f.ID, wrongCode(code))
		expectError(t, wrong, http.StatusUnprocessableEntity, "mfa_verification_failed")
		if !strings.Contains(wrong.Body, "Invalid TOTP code entered") {
			t.Fatalf("wrong code: %s", wrong.Body)
		}
		e.Clock.Advance(20 * time.Second) // the same code, still within the skew
		expectError(t, verifyCode(t, e, attacker, f.ID, code), http.StatusUnprocessableEntity, "mfa_verification_failed")
		// The next step's code works, once.
		e.Clock.Advance(30 * time.Second)
		next, _ := totp.GenerateCode(f.TOTP.Secret, e.Clock.Now())
		verifyCode(t, e, attacker, f.ID, next).Expect(t, http.StatusOK)
		later := signIn(t, e, "mfa@example.com", apitest.Password)
		expectError(t, verifyCode(t, e, later, f.ID, next), http.StatusUnprocessableEntity, "mfa_verification_failed")
		verifyCode(t, e, later, f.ID, recovery).Expect(t, http.StatusOK)
		expectError(t, verifyCode(t, e, signIn(t, e, "mfa@example.com", apitest.Password), f.ID, recovery),
			http.StatusUnprocessableEntity, "mfa_verification_failed")
	})
}
