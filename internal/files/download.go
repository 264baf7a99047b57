package files

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Download responds to GET /downloads/{token}: the file of a live link,
// streamed from the store with ranges (an audiobook resumes where it
// stopped), as an attachment named after the book.
//
// A download is counted when its link first starts, not when the link is
// made: a link opened in no tab (a closed window, a mail preview) costs
// the family nothing, and the count is taken when bytes start to flow.
// Later requests of the same link (a resumed Range, a second tab) count
// nothing more, but one link sends at most linkBudget copies' worth of
// bytes, so a replayed link is not a free copy for ever. Bytes are
// reserved before they are sent and the unsent part is given back, so a
// download that broke off resumes within its budget.
//
// The file is sent by the shop, not by a redirect to the bucket: the
// bucket stays private, the attachment's name and the counts stay on the
// server, and disk and bucket behave alike; a Seek of the bucket's object
// is a ranged GET, so a range costs only itself.
func (s *Service) Download(w http.ResponseWriter, r *http.Request) error {
	token := r.PathValue("token")
	if !validToken(token) {
		return s.refuse(w, r, refusalUnknown, 0)
	}
	hash := hashToken(token)
	g, expires, err := linkGrant(r.Context(), s.db, hash)
	switch {
	case db.IsNoRows(err):
		return s.refuse(w, r, refusalUnknown, 0)
	case err != nil:
		return err
	case g.revoked:
		return s.refuse(w, r, refusalRevoked, 0)
	case !s.now().Before(expires):
		return s.refuse(w, r, refusalExpired, s.set.DownloadLimit-g.used)
	case s.store == nil:
		return errNoStore
	}
	etag := `"` + g.file.SHA256 + `"`
	var reserved int64
	if r.Method != http.MethodHead {
		reserved = requestedBytes(r, g.file.Size, etag)
		if refusal, err := s.start(r.Context(), hash, g, reserved); err != nil || refusal != "" {
			if err != nil {
				return err
			}
			return s.refuse(w, r, refusal, s.set.DownloadLimit-g.used)
		}
	}
	sent, err := s.send(w, r, g, etag)
	if unsent := reserved - sent; unsent > 0 {
		s.giveBack(r.Context(), hash, unsent)
	}
	return err
}

// send streams the file: http.ServeContent answers Range, If-Range and
// If-None-Match over the store's seeking reader, and sendingWriter moves
// the write deadline on while bytes flow. It returns the bytes sent.
func (s *Service) send(w http.ResponseWriter, r *http.Request, g grantRow, etag string) (int64, error) {
	blob, err := s.store.Open(r.Context(), g.file.ID)
	if err != nil {
		if errors.Is(err, ErrNoBytes) {
			slog.ErrorContext(r.Context(), "files: a granted file's bytes are missing from the store", "file", g.file.ID, "store", s.store.String())
		}
		return 0, err
	}
	defer blob.Close()
	h := w.Header()
	h.Set("Content-Type", g.file.ContentType)
	h.Set("Content-Disposition", contentDisposition(g.downloadAs))
	h.Set("ETag", etag)
	h.Set("Cache-Control", "private, no-store") // a purchase, behind a secret link
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set(httpx.NoCompression, "1") // EPUBs and audio are compressed already, and a range must stay a range
	sw := &sendingWriter{ResponseWriter: w, p: progress{rc: http.NewResponseController(w)}}
	http.ServeContent(sw, r, "", time.Time{}, blob)
	return sw.sent, nil
}

// The refusals of a link, each with its status.
const (
	refusalUnknown  = "unknown"  // 404: no such link (mistyped, guessed, or long expired)
	refusalRevoked  = "revoked"  // 403: the purchase was refunded
	refusalExpired  = "expired"  // 410: past DOWNLOAD_LINK_HOURS
	refusalUsedUp   = "used"     // 410: this link sent its budget
	refusalNoneLeft = "noneLeft" // 410: the purchase's downloads of the file are used
)

// start counts the link's first start as one download of its grant and
// reserves the bytes this request may send, in one transaction: two
// requests of one new link at once count one download, and two families'
// worth of replays cannot both fit in a link's budget. It returns the
// refusal, if any.
func (s *Service) start(ctx context.Context, hash string, g grantRow, bytes int64) (string, error) {
	refusal := ""
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE download_links SET started_at = ? WHERE token_hash = ? AND started_at IS NULL`, at(s.now()), hash)
		if err != nil {
			return err
		}
		if first, _ := res.RowsAffected(); first == 1 {
			res, err := tx.ExecContext(ctx, `UPDATE download_grants SET downloads_used = downloads_used + 1
				WHERE id = ? AND downloads_used < ? AND revoked_at IS NULL`, g.id, s.set.DownloadLimit)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				refusal = refusalNoneLeft
				return errRefused // the link stays unstarted
			}
		}
		res, err = tx.ExecContext(ctx, `UPDATE download_links SET bytes_reserved = bytes_reserved + ?
			WHERE token_hash = ? AND bytes_reserved + ? <= ?`, bytes, hash, bytes, linkBudget*g.file.Size)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			refusal = refusalUsedUp
			return errRefused
		}
		return nil
	})
	if errors.Is(err, errRefused) {
		return refusal, nil
	}
	return "", err
}

var errRefused = errors.New("files: refused")

// giveBack returns to a link's budget the bytes reserved but not sent (a
// download that broke off, a 304, a 416). The client may be gone, so the
// request's context is not waited on.
func (s *Service) giveBack(ctx context.Context, hash string, bytes int64) {
	_, err := s.db.ExecContext(context.WithoutCancel(ctx), `UPDATE download_links SET bytes_reserved = bytes_reserved - ? WHERE token_hash = ?`, bytes, hash)
	if err != nil {
		slog.ErrorContext(ctx, "files: a link's unsent bytes were not given back", "err", err)
	}
}

// requestedBytes is how many bytes of a size-byte file the request asks
// for, as http.ServeContent will answer it: the whole file without a Range
// (or with an If-Range that does not match, or ranges it cannot parse, to
// be safe), else the sum of the ranges, at most the whole file (what
// ServeContent then sends).
func requestedBytes(r *http.Request, size int64, etag string) int64 {
	spec, ok := strings.CutPrefix(r.Header.Get("Range"), "bytes=")
	if !ok || (r.Header.Get("If-Range") != "" && r.Header.Get("If-Range") != etag) {
		return size
	}
	var sum int64
	for part := range strings.SplitSeq(spec, ",") {
		first, last, ok := strings.Cut(strings.TrimSpace(part), "-")
		if !ok {
			return size
		}
		n, ok := rangeLength(first, last, size)
		if !ok {
			return size
		}
		sum += n
	}
	return min(sum, size)
}

// rangeLength is the length of one byte range, first-last, of size bytes.
func rangeLength(first, last string, size int64) (int64, bool) {
	if first == "" { // the last n bytes
		n, err := strconv.ParseInt(last, 10, 64)
		return min(n, size), err == nil && n >= 0
	}
	start, err := strconv.ParseInt(first, 10, 64)
	if err != nil || start < 0 {
		return 0, false
	}
	if start >= size {
		return 0, true // unsatisfiable: nothing of it is sent
	}
	end := size - 1
	if last != "" {
		if end, err = strconv.ParseInt(last, 10, 64); err != nil || end < start {
			return 0, false
		}
		end = min(end, size-1)
	}
	return end - start + 1, true
}

// contentDisposition names the attachment: a quoted ASCII name every
// browser reads, and the name itself in UTF-8 (RFC 6266) when it has other
// characters ("Siso’s Trip.epub").
func contentDisposition(name string) string {
	ascii := strings.Map(func(r rune) rune {
		switch {
		case r == '"' || r == '\\':
			return '\''
		case r > unicode.MaxASCII || unicode.IsControl(r):
			return '_'
		}
		return r
	}, name)
	v := `attachment; filename="` + ascii + `"`
	if ascii != name {
		v += "; filename*=UTF-8''" + encodeRFC5987(name)
	}
	return v
}

// encodeRFC5987 percent-encodes every byte but RFC 5987's attr-char.
func encodeRFC5987(s string) string {
	const keep = "!#$&+-.^_`|~"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && (unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c)) || strings.IndexByte(keep, c) >= 0) {
			b.WriteByte(c)
			continue
		}
		b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)|0x100, 16)[1:]))
	}
	return b.String()
}
