package catalog

import (
	"net/http"
	"strconv"

	"bookshop/internal/httpx"
)

// The back office's routes (/api/admin/books, /api/admin/categories). Each
// handler starts with the staff check: a staff role with the catalogue
// permission, in a two-step session.

// ListAdminBooks serves GET /api/admin/books?q=&category=&status=&stock=&sort=&page=&perPage=.
func (s *Service) ListAdminBooks(w http.ResponseWriter, r *http.Request) error {
	q, err := parseList(r.URL.Query())
	if err != nil {
		return err
	}
	list, err := listBooks(r.Context(), s.db, q)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, list)
}

// GetAdminBook serves GET /api/admin/books/{id}: a book in any status.
func (s *Service) GetAdminBook(w http.ResponseWriter, r *http.Request) error {
	id, err := bookID(r)
	if err != nil {
		return err
	}
	b, err := bookByID(r.Context(), s.db, id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, b)
}

// CreateBook serves POST /api/admin/books: 201 with the new book.
func (s *Service) CreateBook(w http.ResponseWriter, r *http.Request) error {
	a, err := actorOf(r.Context())
	if err != nil {
		return err
	}
	var in bookInput
	if err := httpx.DecodeStrictJSON(r, &in, invalidBook); err != nil {
		return err
	}
	b, err := s.createBook(r.Context(), a, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, b)
}

// UpdateBook serves PATCH /api/admin/books/{id}: {"version": N, ...the
// fields to change}. Archiving is {"version": N, "status": "archived"}.
func (s *Service) UpdateBook(w http.ResponseWriter, r *http.Request) error {
	a, err := actorOf(r.Context())
	if err != nil {
		return err
	}
	id, err := bookID(r)
	if err != nil {
		return err
	}
	var in bookInput
	if err := httpx.DecodeStrictJSON(r, &in, invalidBook); err != nil {
		return err
	}
	b, err := s.patchBook(r.Context(), a, id, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, b)
}

// DuplicateBook serves POST /api/admin/books/{id}/duplicate: 201 with the
// draft copy.
func (s *Service) DuplicateBook(w http.ResponseWriter, r *http.Request) error {
	a, err := actorOf(r.Context())
	if err != nil {
		return err
	}
	id, err := bookID(r)
	if err != nil {
		return err
	}
	b, err := s.duplicateBook(r.Context(), a, id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, b)
}

// ListAdminCategories serves GET /api/admin/categories: {"categories": [...]}
// in display order, each with its number of published books.
func (s *Service) ListAdminCategories(w http.ResponseWriter, r *http.Request) error {
	list, err := listCategories(r.Context(), s.db)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"categories": list})
}

// CreateCategory serves POST /api/admin/categories {id, name, description,
// position}: 201 with the category.
func (s *Service) CreateCategory(w http.ResponseWriter, r *http.Request) error {
	a, err := actorOf(r.Context())
	if err != nil {
		return err
	}
	var in categoryInput
	if err := httpx.DecodeStrictJSON(r, &in, invalidCategory); err != nil {
		return err
	}
	c, err := s.createCategory(r.Context(), a, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, c)
}

// UpdateCategory serves PATCH /api/admin/categories/{id} {version, name?,
// description?, position?}.
func (s *Service) UpdateCategory(w http.ResponseWriter, r *http.Request) error {
	a, err := actorOf(r.Context())
	if err != nil {
		return err
	}
	var in categoryInput
	if err := httpx.DecodeStrictJSON(r, &in, invalidCategory); err != nil {
		return err
	}
	c, err := s.patchCategory(r.Context(), a, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, c)
}

func bookID(r *http.Request) (int, error) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil || id < 1 {
		return 0, httpx.Errorf(httpx.CodeNotFound, bookNotFound)
	}
	return id, nil
}
