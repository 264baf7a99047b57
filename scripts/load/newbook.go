package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"time"

	"github.com/pquerna/otp/totp"
)

// newBook adds a published book with an uploaded cover as an editor does in
// the back office, through its API: an account signed up (and confirmed in
// the database, as accounts does), given the editor role by the shop's
// command line, signed in with two-step sign-in turned on (aal2), then the
// cover uploaded and the book created. It prints the book page's path, for
// scripts/lighthouse.sh to measure.
func (l *loader) newBook(bin, coverPath string) error {
	cover, err := os.ReadFile(coverPath)
	if err != nil {
		return err
	}
	accounts, err := l.accounts(1)
	if err != nil {
		return err
	}
	editor := accounts[0]
	grant := exec.Command(bin, "admin", "grant", editor.email, "editor")
	grant.Env = append(os.Environ(), "DATABASE_URL=sqlite:"+l.dbPath)
	if out, err := grant.CombinedOutput(); err != nil {
		return fmt.Errorf("bookshop admin grant: %w: %s", err, out)
	}
	token, err := l.twoStep(editor)
	if err != nil {
		return err
	}

	var uploaded struct {
		CoverImage string `json:"coverImage"`
	}
	if err := l.send("/api/admin/covers", token, http.DetectContentType(cover), cover, &uploaded); err != nil {
		return err
	}
	var book struct {
		ID int `json:"id"`
	}
	err = l.send("/api/admin/books", token, "application/json", mustJSON(map[string]any{
		"title":           "The Lantern in the Meadow",
		"author":          "Priya Raman",
		"description":     "Mina finds a lantern in the tall grass and follows its light through a night of friendly creatures.",
		"priceCents":      1499,
		"category":        "children",
		"pages":           40,
		"isbn":            seedISBN(99_999_999),
		"publicationDate": time.Now().Format(time.DateOnly),
		"isNewRelease":    true,
		"ageBand":         "4–6",
		"coverImage":      uploaded.CoverImage,
		"status":          "published",
	}), &book)
	if err != nil {
		return err
	}
	fmt.Printf("new-book /books/%d\n", book.ID)
	return nil
}

// twoStep signs the account in, turns two-step sign-in on with an
// authenticator app's code (TOTP) and returns the access token of the
// two-step (aal2) session it completes, as the profile page does.
func (l *loader) twoStep(a account) (string, error) {
	signedIn, err := l.token("password", map[string]string{"email": a.email, "password": a.password})
	if err != nil {
		return "", err
	}
	var factor struct {
		ID   string `json:"id"`
		TOTP struct {
			Secret string `json:"secret"`
		} `json:"totp"`
	}
	body := mustJSON(map[string]string{"factor_type": "totp", "friendly_name": "Authenticator app"})
	if err := l.send("/auth/v1/factors", signedIn.AccessToken, "application/json", body, &factor); err != nil {
		return "", err
	}
	var challenge struct {
		ID string `json:"id"`
	}
	if err := l.send("/auth/v1/factors/"+factor.ID+"/challenge", signedIn.AccessToken, "application/json", nil, &challenge); err != nil {
		return "", err
	}
	code, err := totp.GenerateCode(factor.TOTP.Secret, time.Now())
	if err != nil {
		return "", err
	}
	var verified tokens
	body = mustJSON(map[string]string{"challenge_id": challenge.ID, "code": code})
	err = l.send("/auth/v1/factors/"+factor.ID+"/verify", signedIn.AccessToken, "application/json", body, &verified)
	return verified.AccessToken, err
}
