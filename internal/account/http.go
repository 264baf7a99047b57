package account

import (
	"net/http"

	"bookshop/internal/auth"
	"bookshop/internal/httpx"
)

// ListKids answers GET /api/kids: the caller's children.
func (s *Service) ListKids(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	kids, err := s.Kids(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, kids)
}

// CreateKid answers POST /api/kids with the new child (201).
func (s *Service) CreateKid(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	var in KidInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	k, err := s.AddKid(r.Context(), c.UserID, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, k)
}

// PatchKid answers PATCH /api/kids/{id} with the changed child.
func (s *Service) PatchKid(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	var in KidPatch
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	k, err := s.UpdateKid(r.Context(), c.UserID, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, k)
}

// DeleteKid answers DELETE /api/kids/{id} with 204.
func (s *Service) DeleteKid(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	if err := s.RemoveKid(r.Context(), c.UserID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
