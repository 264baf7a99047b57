package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The back office's categories: name, description and place in the list.
// A category's id is in every book's record and in URLs (/categories/{id}),
// so it is chosen once and never changes; categories are not deleted.

// AdminCategory is a category as the back office edits it, with the number
// of its published books.
type AdminCategory struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Position    int    `json:"position"`
	Version     int64  `json:"version"`
	Count       int    `json:"count"`
}

const (
	invalidCategory = "Please correct the highlighted fields."
	staleCategory   = "Someone else saved this category after you opened it. Reload to see their changes, then make yours again."
	maxCategoryName = 80
	maxCategoryText = 1000
	maxCategoryID   = 40
	maxPosition     = 10_000
)

// categoryInput is the body of POST and PATCH /api/admin/categories.
type categoryInput struct {
	ID          *string      `json:"id"`
	Name        *string      `json:"name"`
	Description *string      `json:"description"`
	Position    *json.Number `json:"position"`
	Version     *json.Number `json:"version"`
}

func (in *categoryInput) apply(c *AdminCategory, fields map[string]string) {
	if in.Name != nil {
		c.Name = strings.TrimSpace(*in.Name)
	}
	if in.Description != nil {
		c.Description = strings.TrimSpace(*in.Description)
	}
	if in.Position != nil {
		n, err := strconv.Atoi(string(*in.Position))
		if err != nil || n < 0 || n > maxPosition {
			fields["position"] = "A whole number from 0 to 10000: lower comes first."
		}
		c.Position = n
	}
}

func checkCategory(c *AdminCategory, fields map[string]string) {
	switch n := utf8.RuneCountInString(c.Name); {
	case n == 0 || !httpx.HasVisibleLetter(c.Name):
		fields["name"] = "Enter the category's name."
	case n > maxCategoryName:
		fields["name"] = "At most 80 characters."
	}
	if utf8.RuneCountInString(c.Description) > maxCategoryText {
		fields["description"] = "At most 1,000 characters."
	}
}

const categoryColumns = `c.id, c.name, c.description, c.position, c.version,
	(SELECT COUNT(*) FROM books b WHERE b.category_id = c.id AND b.status = 'published')`

func scanCategory(row interface{ Scan(...any) error }) (*AdminCategory, error) {
	c := &AdminCategory{}
	err := row.Scan(&c.ID, &c.Name, &c.Description, &c.Position, &c.Version, &c.Count)
	return c, err
}

func listCategories(ctx context.Context, q db.Querier) ([]*AdminCategory, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+categoryColumns+` FROM categories c ORDER BY c.position, c.id`)
	if err != nil {
		return nil, fmt.Errorf("catalog: list categories: %w", err)
	}
	defer rows.Close()
	list := []*AdminCategory{}
	for rows.Next() {
		c, err := scanCategory(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, c)
	}
	return list, rows.Err()
}

func categoryByID(ctx context.Context, q db.Querier, id string) (*AdminCategory, error) {
	c, err := scanCategory(q.QueryRowContext(ctx, `SELECT `+categoryColumns+` FROM categories c WHERE c.id = ?`, id))
	if db.IsNoRows(err) {
		return nil, httpx.Errorf(httpx.CodeNotFound, "Category not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("catalog: read category: %w", err)
	}
	return c, nil
}

// createCategory adds a category; without a position it goes last.
func (s *Service) createCategory(ctx context.Context, a actor, in categoryInput) (*AdminCategory, error) {
	fields := map[string]string{}
	c := &AdminCategory{Version: 1}
	if in.ID != nil {
		c.ID = strings.TrimSpace(*in.ID)
	}
	switch {
	case c.ID == "":
		fields["id"] = "Enter an id: lowercase letters, digits and hyphens, as in its URL."
	case len(c.ID) > maxCategoryID:
		fields["id"] = "At most 40 characters."
	case !slugPattern.MatchString(c.ID):
		fields["id"] = "Use lowercase letters a–z, digits and single hyphens between them."
	}
	if in.Version != nil {
		fields["version"] = "A new category has no version yet."
	}
	in.apply(c, fields)
	checkCategory(c, fields)
	at := s.now()
	err := s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		if _, bad := fields["id"]; !bad {
			if _, err := categoryByID(ctx, tx, c.ID); err == nil {
				fields["id"] = "Another category has this id."
			} else if httpx.AsError(err).Code != httpx.CodeNotFound {
				return err
			}
		}
		if len(fields) > 0 {
			return httpx.Invalid(invalidCategory, fields)
		}
		if in.Position == nil {
			if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(position), 0) + 1 FROM categories`).Scan(&c.Position); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO categories (id, name, description, position, version) VALUES (?, ?, ?, ?, 1)`,
			c.ID, c.Name, c.Description, c.Position); err != nil {
			if db.IsUniqueViolation(err) {
				return httpx.Invalid(invalidCategory, map[string]string{"id": "Another category has this id."})
			}
			return fmt.Errorf("catalog: insert category: %w", err)
		}
		return s.recordChange(ctx, tx, a.entry("category.create", "category", c.ID, nil, c, at))
	})
	if err != nil {
		return nil, err
	}
	s.refreshAfter(ctx)
	return c, nil
}

// patchCategory saves the fields given over the version the editor
// loaded; a save over a newer version is a 409 and changes nothing.
func (s *Service) patchCategory(ctx context.Context, a actor, id string, in categoryInput) (*AdminCategory, error) {
	fields := map[string]string{}
	if in.ID != nil && strings.TrimSpace(*in.ID) != id {
		fields["id"] = "A category's id cannot change: books and links use it."
	}
	version, err := versionOf(in.Version)
	if err != nil {
		return nil, httpx.Invalid(invalidCategory, httpx.AsError(err).Fields)
	}
	at := s.now()
	var saved *AdminCategory
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		before, err := categoryByID(ctx, tx, id)
		if err != nil {
			return err
		}
		if before.Version != version {
			return httpx.Errorf(httpx.CodeConflict, staleCategory)
		}
		c := *before
		in.apply(&c, fields)
		checkCategory(&c, fields)
		if len(fields) > 0 {
			return httpx.Invalid(invalidCategory, fields)
		}
		res, err := tx.ExecContext(ctx, `UPDATE categories SET name = ?, description = ?, position = ?, version = version + 1
			WHERE id = ? AND version = ?`, c.Name, c.Description, c.Position, id, version)
		if err != nil {
			return fmt.Errorf("catalog: update category: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err == nil {
				err = httpx.Errorf(httpx.CodeConflict, staleCategory)
			}
			return err
		}
		c.Version++
		saved = &c
		return s.recordChange(ctx, tx, a.entry("category.update", "category", id, before, &c, at))
	})
	if err != nil {
		return nil, err
	}
	s.refreshAfter(ctx)
	return saved, nil
}
