package account

import (
	"errors"
	"net/http"

	"bookshop/internal/auth"
	"bookshop/internal/httpx"
)

// The account area's handlers: each decodes the request, calls one rule or
// store function and encodes the response.

// ListKids serves GET /api/kids: the caller's children.
func (s *Service) ListKids(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	kids, err := listKids(r.Context(), s.db, c.UserID)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, kids)
}

// CreateKid serves POST /api/kids with the new child (201).
func (s *Service) CreateKid(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	var in KidInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	k, err := s.addKid(r.Context(), c.UserID, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, k)
}

// UpdateKid serves PATCH /api/kids/{id} with the changed child.
func (s *Service) UpdateKid(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	var in KidPatch
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	k, err := s.changeKid(r.Context(), c.UserID, r.PathValue("id"), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, k)
}

// DeleteKid serves DELETE /api/kids/{id} with 204.
func (s *Service) DeleteKid(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	if err := s.removeKid(r.Context(), c.UserID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// requireDeviceUser is auth.RequireUser with the message spec 02 §5 names for
// device tracking ('User not authenticated'); other refusals (the two-step
// level, for one) keep their own words.
func requireDeviceUser(r *http.Request) (auth.Caller, error) {
	c, err := auth.RequireUser(r.Context())
	var e *httpx.Error
	if errors.As(err, &e) && e.Code == httpx.CodeUnauthorized && e.Message == "No user logged in" {
		return c, httpx.Errorf(httpx.CodeUnauthorized, "User not authenticated")
	}
	return c, err
}

// CreateDevice serves POST /api/devices, sent by the app after each sign-in:
// the server reads the User-Agent, the body adds screen and architecture.
func (s *Service) CreateDevice(w http.ResponseWriter, r *http.Request) error {
	c, err := requireDeviceUser(r)
	if err != nil {
		return err
	}
	var in DeviceReport
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	d, err := s.trackDevice(r.Context(), c.UserID, r.UserAgent(), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, d)
}

// ListDevices serves GET /api/devices, newest sign-in first.
func (s *Service) ListDevices(w http.ResponseWriter, r *http.Request) error {
	c, err := requireDeviceUser(r)
	if err != nil {
		return err
	}
	devices, err := listDevices(r.Context(), s.db, c.UserID)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, devices)
}

// GetCommunications serves GET /api/communications.
func (s *Service) GetCommunications(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	pref, err := s.communications(r.Context(), c.Email)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, pref)
}

// UpdateCommunications serves PUT /api/communications {subscribed}.
func (s *Service) UpdateCommunications(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	var in struct {
		Subscribed *bool `json:"subscribed"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Subscribed == nil {
		return httpx.Invalid("Please check the highlighted fields.", map[string]string{"subscribed": "Say true or false"})
	}
	now := s.clock()
	if err := upsertCommunications(r.Context(), s.db, c.UserID, *in.Subscribed, now); err != nil {
		return err
	}
	if c.Email != "" {
		pref, err := s.newsletter.SetPreference(r.Context(), c.UserID, c.Email, *in.Subscribed)
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, http.StatusOK, pref)
	}
	return httpx.WriteJSON(w, http.StatusOK, Communications{Subscribed: *in.Subscribed, UpdatedAt: &now})
}
