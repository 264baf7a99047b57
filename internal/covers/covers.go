// Package covers keeps the book covers uploaded in the back office. An
// upload is checked and cleaned by internal/images (decoded within limits,
// decompression bombs refused, metadata gone) and kept in the database in
// the widths the pages show, each at /covers/u/<hash>-<width>.<ext>: the
// hash is of the largest copy's bytes, what the pages are served, so the
// same picture uploaded twice is one cover, and a URL never changes what it
// names and is cached for a year. The ten shipped covers are the web app's
// static files (/covers/book-N.svg) and are not kept here.
package covers

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/images"
)

// Widths are the widths a cover is kept in, the srcset the pages choose
// from (a book's page shows it at most 384 CSS pixels wide, which a phone's
// screen draws with about 640 pixels). A narrower picture is kept in those
// below its width and its own (images.Widths): never scaled up.
var Widths = []int{160, 320, 480, 640}

// Bounds of an upload. The minimum keeps a cover sharp on a book's page on
// a phone (Lighthouse's "appropriate resolution" wants at least about 430
// × 640 pixels there); the maximum side and pixels bound a decode's memory.
const (
	MaxBytes  = 5 << 20
	MinWidth  = 480
	MinHeight = 720
	MaxSide   = 6000
	MaxPixels = 10_000_000

	// MaxRequestBytes bounds the upload request, the picture with a
	// multipart form's envelope, beyond the server's usual body limit.
	MaxRequestBytes = MaxBytes + 1<<20

	// URLPrefix is where uploaded covers are served.
	URLPrefix = "/covers/u/"
)

var limits = images.Limits{MaxBytes: MaxBytes, MaxSide: MaxSide, MaxPixels: MaxPixels, MinWidth: MinWidth, MinHeight: MinHeight}

// The refusals of an upload, one per case (and images.NoPicture).
const (
	Unsupported = "Upload a JPEG, PNG or WebP picture."
	Unreadable  = "The picture could not be read: the file may be damaged or incomplete. Please choose another."
)

var (
	TooManyBytes = fmt.Sprintf("The picture must be at most %d MB.", MaxBytes>>20)
	TooSmall     = fmt.Sprintf(images.TooSmall, MinWidth, MinHeight)
	TooLarge     = fmt.Sprintf("The picture is too large: at most %d × %d pixels, or %d megapixels.", MaxSide, MaxSide, MaxPixels/1_000_000)
)

// PostPicturePrefix is where the blog's uploaded pictures are served.
const PostPicturePrefix = "/posts/pictures/"

// PostPictureWidth is the width a post's picture is kept in at most: the
// article's column is some 700 CSS pixels wide, which a tablet draws with
// about twice as many. A narrower picture keeps its width.
const PostPictureWidth = 1280

// Kind is what a Service keeps: its table, where its copies are served,
// the widths and limits of an upload, and the words of its audit entries
// and 404s. Who may upload is declared on the route (internal/server/routes.go).
type Kind struct {
	table, prefix  string
	widths         []int
	limits         images.Limits
	action, entity string
	name           string
}

var (
	bookCovers = Kind{table: "book_covers", prefix: URLPrefix, widths: Widths, limits: limits,
		action: "cover.upload", entity: "cover", name: "Cover"}
	// A post's picture may be of any size within the bounds: a small
	// drawing is as welcome in an article as a photo.
	postPictures = Kind{table: "post_pictures", prefix: PostPicturePrefix, widths: []int{PostPictureWidth},
		limits: images.Limits{MaxBytes: MaxBytes, MaxSide: MaxSide, MaxPixels: MaxPixels},
		action: "post.picture", entity: "post_picture", name: "Picture"}
)

// Service handles the routes of one Kind.
type Service struct {
	db   *db.DB
	now  func() time.Time
	kind Kind
}

// New returns the covers' service.
func New(d *db.DB, now func() time.Time) *Service { return &Service{db: d, now: now, kind: bookCovers} }

// NewPostPictures returns the service of the blog's pictures, served at
// PostPicturePrefix.
func NewPostPictures(d *db.DB, now func() time.Time) *Service {
	return &Service{db: d, now: now, kind: postPictures}
}

// Cover is an uploaded cover, as the upload's response gives it: the URL a
// book's coverImage holds (the largest copy), the srcset of every copy,
// their widths, and the largest copy's size.
type Cover struct {
	CoverImage string `json:"coverImage"`
	URL        string `json:"url"` // the same: the name a post's picture goes by
	SrcSet     string `json:"srcset"`
	Widths     []int  `json:"widths"`
	Width      int    `json:"width"`
	Height     int    `json:"height"`
}

// newCover describes the copies of one picture, smallest first, and gives
// the hash they are kept under.
func (k Kind) newCover(copies []images.Picture) (Cover, string) {
	largest := copies[len(copies)-1]
	sum := sha256.Sum256(largest.Data)
	hash := hex.EncodeToString(sum[:])
	c := Cover{Width: largest.Width, Height: largest.Height}
	var srcset []string
	for _, p := range copies {
		u := k.fileURL(hash, p.Width, p.ContentType)
		c.Widths = append(c.Widths, p.Width)
		srcset = append(srcset, fmt.Sprintf("%s %dw", u, p.Width))
		c.CoverImage = u
	}
	c.SrcSet = strings.Join(srcset, ", ")
	c.URL = c.CoverImage
	return c, hash
}

func (k Kind) fileURL(hash string, width int, contentType string) string {
	return fmt.Sprintf("%s%s-%d%s", k.prefix, hash, width, extension(contentType))
}

func extension(contentType string) string {
	if contentType == "image/png" {
		return ".png"
	}
	return ".jpg"
}

var fileName = regexp.MustCompile(`^([0-9a-f]{64})-([1-9][0-9]{0,3})\.(jpg|png)$`)

// parseFile reads the last part of a cover's URL: its hash, width and
// extension.
func parseFile(file string) (hash string, width int, ext string, ok bool) {
	m := fileName.FindStringSubmatch(file)
	if m == nil {
		return "", 0, "", false
	}
	width, _ = strconv.Atoi(m[2])
	return m[1], width, "." + m[3], true
}

// explain turns images' refusals into the upload's own words, all 400s
// but the server being busy (503).
func explain(err error) error {
	var e *httpx.Error
	if !errors.As(err, &e) {
		return err
	}
	switch {
	case e.Code == httpx.CodeUnsupported && e.Message == images.Unreadable:
		return httpx.Errorf(httpx.CodeInvalid, Unreadable)
	case e.Code == httpx.CodeUnsupported:
		return httpx.Errorf(httpx.CodeInvalid, Unsupported)
	case e.Code == httpx.CodeTooLarge: // the bytes are checked before: this is the pixels
		return httpx.Errorf(httpx.CodeInvalid, "%s", TooLarge)
	}
	return err
}
