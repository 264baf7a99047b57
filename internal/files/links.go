package files

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strconv"
	"time"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// DownloadPrefix is where download links point: /downloads/{token}.
const DownloadPrefix = "/downloads/"

// A link is a random token (256 bits) kept as its SHA-256: the table
// never holds a working link, and a guessed URL finds nothing. A row per
// link, rather than an HMAC over its fields, because a link has state: it
// counts one download when it first starts, and may send at most twice
// its file's bytes (linkBudget).

// Link is GET /api/library/downloads/{purchaseId}/{fileId}'s answer.
type Link struct {
	URL           string    `json:"url"`
	ExpiresAt     time.Time `json:"expiresAt"`
	DownloadsLeft int       `json:"downloadsLeft"` // before this link: it counts one when it starts
}

// linkBudget is how many copies' worth of bytes one link may send: one
// download and its resumes (which send only what was missing), with room
// for a download that broke off late and started over, but not copies
// without end for whoever the link was passed to.
const linkBudget = 2

// grantRow is what a link needs of its grant and file.
type grantRow struct {
	id         int64
	userID     string
	revoked    bool
	used       int
	file       File
	title      string
	siblings   int // files in the purchase
	downloadAs string
}

const grantColumns = `g.id, g.user_id, g.revoked_at IS NOT NULL, g.downloads_used, g.title,
		(SELECT COUNT(*) FROM download_grants o WHERE o.purchase_id = g.purchase_id),
		f.id, f.kind, f.name, f.size, f.sha256, f.content_type, f.created_at`

const grantQuery = `SELECT ` + grantColumns + ` FROM download_grants g JOIN files f ON f.id = g.file_id`

func scanGrant(row interface{ Scan(...any) error }, extra ...any) (grantRow, error) {
	var g grantRow
	f := &g.file
	dest := append([]any{&g.id, &g.userID, &g.revoked, &g.used, &g.title, &g.siblings,
		&f.ID, &f.Kind, &f.Name, &f.Size, &f.SHA256, &f.ContentType, &f.CreatedAt}, extra...)
	if err := row.Scan(dest...); err != nil {
		return g, err
	}
	g.downloadAs = downloadName(g.title, f.Name, g.siblings)
	return g, nil
}

// CreateLink responds to GET /api/library/downloads/{purchaseId}/{fileId}:
// a link to download one file of the caller's own purchase. Another
// family's purchase, or a file it does not hold, is a 404 (the same as
// one that does not exist: nothing tells a stranger what others bought); a
// refunded purchase is a 403; a file downloaded DOWNLOAD_LIMIT times is a
// 410.
func (s *Service) CreateLink(w http.ResponseWriter, r *http.Request) error {
	caller, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	purchaseID, fileID := r.PathValue("purchaseId"), r.PathValue("fileId")
	if err := httpx.CheckText(map[string]string{"purchaseId": purchaseID, "fileId": fileID}); err != nil {
		return err
	}
	g, err := purchaseGrant(r.Context(), s.db, purchaseID, fileID, caller.UserID)
	if db.IsNoRows(err) {
		return httpx.NotFound("Download")
	}
	if err != nil {
		return err
	}
	if g.revoked {
		return errRevoked
	}
	left := s.set.DownloadLimit - g.used
	if left <= 0 {
		return httpx.Errorf(httpx.CodeGone, "%s", s.noneLeft())
	}
	token, expires := newToken(), at(s.now().Add(s.set.LinkTTL))
	if err := insertLink(r.Context(), s.db, hashToken(token), g.id, at(s.now()), expires); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store") // a link is a secret, and each is new
	return httpx.WriteJSON(w, http.StatusOK, Link{URL: s.set.SiteURL + DownloadPrefix + token, ExpiresAt: expires, DownloadsLeft: left})
}

// errRevoked answers a purchase taken back: refunded, or its payment
// denied by PayPal after it was delivered.
var errRevoked = httpx.Errorf(httpx.CodeForbidden, "This purchase is no longer in your library (it was refunded, or its payment did not go through), so its downloads are not available.")

func (s *Service) noneLeft() string {
	return "You have downloaded this file " + strconv.Itoa(s.set.DownloadLimit) + " times, as many as a purchase allows. Please contact us if you need it again."
}

// newToken is a link's secret: 256 random bits, URL-safe.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// validToken tells a string that could be a token (43 URL-safe
// characters) before the database is asked.
func validToken(t string) bool {
	if len(t) != 43 {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(t)
	return err == nil
}

// ForgetLinksBefore deletes the links that expired before cutoff (the
// retention schedule's sweep): a week after its expiry, a link's 410 page
// becomes the not-found page, which says the same thing.
func ForgetLinksBefore(ctx context.Context, q db.Querier, cutoff time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM download_links WHERE expires_at < ?`, cutoff.UTC())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
