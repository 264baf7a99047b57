package storybooks

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/storybooks/story"
)

// validate is what keeps rec from being saved, as a 400 with fields:
// story.Validate's shape, the number of free pages, and what the pages
// point at, which must exist: an uploaded picture or recording of the right
// kind, a shop drawing (/illustrations/<name>.svg) or a shipped scene
// (/storybooks/<slug>/<name>.svg); word timings, with their narration.
func (s *Service) validate(ctx context.Context, rec *record) error {
	fields := story.Validate(rec.Story)
	if fields == nil {
		fields = map[string]string{}
	}
	if rec.PreviewPages < 1 || rec.PreviewPages > MaxPreviewPages {
		fields["previewPages"] = fmt.Sprintf("Choose how many pages are free to read: 1 to %d.", MaxPreviewPages)
	}
	for _, p := range rec.Story.Pages {
		key := "pages." + p.ID + "."
		if err := s.mediaFields(ctx, p, key, fields); err != nil {
			return err
		}
		if _, bad := fields[key+"timings"]; !bad && len(p.Timings) > 0 {
			if msg := timingsProblem(p); msg != "" {
				fields[key+"timings"] = msg
			}
		}
	}
	if len(fields) > 0 {
		return httpx.Invalid(invalidMessage, fields)
	}
	return nil
}

// timingsProblem is what is wrong with a page's word timings beyond their
// order (story.Validate's), or "". Timings that no longer match the words
// (the text edited since they were tapped) may be saved: story.Check names
// them, so they keep the storybook from being published.
func timingsProblem(p story.Page) string {
	if p.Narration == "" {
		return "Word timings follow a narration: upload one first."
	}
	return ""
}

var (
	drawing = regexp.MustCompile(`^/illustrations/[a-z0-9][a-z0-9-]*\.svg$`)
	scene   = regexp.MustCompile(`^/storybooks/[a-z0-9]+(?:-[a-z0-9]+)*/[a-z0-9][a-z0-9-]*\.svg$`)
)

// mediaFields adds to fields what is wrong with the page's picture and
// narration, unless story.Validate said so already.
func (s *Service) mediaFields(ctx context.Context, p story.Page, key string, fields map[string]string) error {
	if _, bad := fields[key+"picture"]; !bad && p.Picture != "" {
		ok, err := s.pictureExists(ctx, p.Picture)
		if err != nil {
			return err
		}
		if !ok {
			fields[key+"picture"] = "This picture isn't on the shop: upload it, or choose one of the shop's drawings."
		}
	}
	if _, bad := fields[key+"narration"]; !bad && p.Narration != "" {
		ok, err := mediaExists(ctx, s.db, p.Narration, kindNarration)
		if err != nil {
			return err
		}
		if !ok {
			fields[key+"narration"] = "This recording isn't on the shop: upload it again."
		}
	}
	return nil
}

func (s *Service) pictureExists(ctx context.Context, u string) (bool, error) {
	switch {
	case strings.HasPrefix(u, MediaPrefix):
		return mediaExists(ctx, s.db, u, kindPicture)
	case drawing.MatchString(u), scene.MatchString(u):
		return s.shipped != nil && s.shipped(u), nil
	}
	return false, nil
}

// mediaExists tells whether u names a stored upload of the kind, under the
// extension of its type.
func mediaExists(ctx context.Context, q db.Querier, u string, kind string) (bool, error) {
	hash, ext, ok := parseMediaURL(u)
	if !ok {
		return false, nil
	}
	var storedKind, contentType string
	err := q.QueryRowContext(ctx, `SELECT kind, content_type FROM storybook_media WHERE hash = ?`, hash).Scan(&storedKind, &contentType)
	if db.IsNoRows(err) {
		return false, nil
	}
	return err == nil && storedKind == kind && extensionOf(contentType) == ext, err
}
