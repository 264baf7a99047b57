// Package games keeps the game configuration the admin publishes to every
// visitor (spec 02 §3 "Game image", "Difference pair"; issue #12 "Beyond the
// spec"): one document of game images and difference pairs, and the
// pictures it names, validated by their decoded content.
package games

import (
	"math"
	"regexp"
	"strings"
	"unicode"

	"bookshop/internal/httpx"
	"bookshop/internal/images"
)

// Limits of spec 02 §9, and the bounds of an uploaded picture.
const (
	MaxGameImages  = 3
	MaxPairs       = 3
	MaxDifferences = 5
	MaxObjects     = 50
	MaxNameRunes   = 60
	MaxIDLength    = 40
	MaxImageBytes  = 768 << 10
	MaxImageSide   = 2400
	MaxImagePixels = 3_000_000
	MaxConfigBytes = 64 << 10
	imageURLPrefix = "/api/game-images/"
	maxRadius      = 50.0
)

// Object is a thing to find on a game image; x, y and radius in percent.
type Object struct {
	Name   string  `json:"name"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Radius float64 `json:"radius"`
}

// GameImage is a picture of the hidden-objects game with its objects.
type GameImage struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	ImageURL string   `json:"imageUrl"`
	Objects  []Object `json:"objects"`
}

// Difference is one place where the two pictures of a pair differ.
type Difference struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Radius float64 `json:"radius"`
}

// Pair is a difference pair: two pictures and where they differ.
type Pair struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Image1URL   string       `json:"image1Url"`
	Image2URL   string       `json:"image2Url"`
	Differences []Difference `json:"differences"`
}

// Config is the published document, in the browser storage's shapes.
// Version counts the saves: a save names the version it was based on and is
// refused when another admin saved in between. HideShopPictures takes the
// shop's own picnic pictures out of the games; otherwise the admin's play
// beside them.
type Config struct {
	Version          int64       `json:"version"`
	HideShopPictures bool        `json:"hideShopPictures"`
	GameImages       []GameImage `json:"gameImages"`
	DifferencePairs  []Pair      `json:"differencePairs"`
}

// imageLimits bound an uploaded picture: the browser sends at most 800 px
// wide as JPEG 0.7, so these leave room without letting anyone store
// posters, and keep one decode's memory small.
var imageLimits = images.Limits{MaxBytes: MaxImageBytes, MaxSide: MaxImageSide, MaxPixels: MaxImagePixels}

var imageHash = regexp.MustCompile(`^[0-9a-f]{64}$`)

// HashOfURL is the content hash an image URL of ours names, or "".
func HashOfURL(u string) string {
	h, ok := strings.CutPrefix(u, imageURLPrefix)
	if !ok || !imageHash.MatchString(h) {
		return ""
	}
	return h
}

// ImageURL is the immutable address of a stored picture.
func ImageURL(hash string) string { return imageURLPrefix + hash }

// Validate normalises c (trimmed names, empty lists rather than null) and
// checks every limit; the error names each offending field.
func (c *Config) Validate() error {
	fields := map[string]string{}
	if len(c.GameImages) > MaxGameImages {
		note(fields, "gameImages", "At most 3 game images")
	}
	if len(c.DifferencePairs) > MaxPairs {
		note(fields, "differencePairs", "At most 3 image pairs")
	}
	if c.GameImages == nil {
		c.GameImages = []GameImage{}
	}
	if c.DifferencePairs == nil {
		c.DifferencePairs = []Pair{}
	}
	for i := range c.GameImages {
		img := &c.GameImages[i]
		checkItem(fields, "gameImages", &img.ID, &img.Name)
		checkURL(fields, "gameImages", img.ImageURL)
		if len(img.Objects) > MaxObjects {
			note(fields, "gameImages", "Too many objects on one image")
		}
		if img.Objects == nil {
			img.Objects = []Object{}
		}
		for j := range img.Objects {
			o := &img.Objects[j]
			if msg := cleanName(&o.Name); msg != "" {
				note(fields, "gameImages", "Object name: "+msg)
			}
			checkPlace(fields, "gameImages", o.X, o.Y, o.Radius)
		}
	}
	for i := range c.DifferencePairs {
		p := &c.DifferencePairs[i]
		checkItem(fields, "differencePairs", &p.ID, &p.Name)
		checkURL(fields, "differencePairs", p.Image1URL)
		checkURL(fields, "differencePairs", p.Image2URL)
		if len(p.Differences) > MaxDifferences {
			note(fields, "differencePairs", "You can only mark up to 5 differences per image pair.")
		}
		if p.Differences == nil {
			p.Differences = []Difference{}
		}
		for _, d := range p.Differences {
			checkPlace(fields, "differencePairs", d.X, d.Y, d.Radius)
		}
	}
	if len(fields) > 0 {
		return httpx.Invalid("The game configuration is not valid.", fields)
	}
	return nil
}

// note keeps the first problem found in each field: the one to fix first.
func note(fields map[string]string, key, msg string) {
	if _, ok := fields[key]; !ok {
		fields[key] = msg
	}
}

func checkItem(fields map[string]string, key string, id, name *string) {
	*id = strings.TrimSpace(*id)
	if *id == "" || len(*id) > MaxIDLength || strings.IndexFunc(*id, unicode.IsControl) >= 0 {
		note(fields, key, "Every item needs an id of at most 40 characters")
	}
	if msg := cleanName(name); msg != "" {
		note(fields, key, "Name: "+msg)
	}
}

func cleanName(name *string) string {
	*name = strings.TrimSpace(*name)
	switch {
	case *name == "":
		return "required"
	case len([]rune(*name)) > MaxNameRunes:
		return "at most 60 characters"
	case strings.IndexFunc(*name, unicode.IsControl) >= 0:
		return "no control characters"
	}
	return ""
}

func checkURL(fields map[string]string, key, u string) {
	if HashOfURL(u) == "" {
		note(fields, key, "Pictures must be uploaded to /api/admin/game-images first")
	}
}

func checkPlace(fields map[string]string, key string, x, y, r float64) {
	in := func(v, lo, hi float64) bool { return !math.IsNaN(v) && v >= lo && v <= hi }
	if !in(x, 0, 100) || !in(y, 0, 100) || !in(r, 0, maxRadius) || r == 0 {
		note(fields, key, "Places are percentages between 0 and 100 with a radius up to 50")
	}
}
