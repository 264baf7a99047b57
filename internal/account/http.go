package account

import (
	"errors"
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

// CreateDevice answers POST /api/devices, sent by the app after each sign-in:
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
	d, err := s.TrackDevice(r.Context(), c.UserID, r.UserAgent(), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, d)
}

// ListDevices answers GET /api/devices, newest sign-in first.
func (s *Service) ListDevices(w http.ResponseWriter, r *http.Request) error {
	c, err := requireDeviceUser(r)
	if err != nil {
		return err
	}
	devices, err := s.Devices(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, devices)
}

// GetCommunications answers GET /api/communications.
func (s *Service) GetCommunications(w http.ResponseWriter, r *http.Request) error {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return err
	}
	pref, err := s.CommunicationsOf(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, pref)
}

// PutCommunications answers PUT /api/communications {subscribed}.
func (s *Service) PutCommunications(w http.ResponseWriter, r *http.Request) error {
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
	pref, err := s.SetCommunications(r.Context(), c.UserID, *in.Subscribed)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, pref)
}

// requireOwnerData is auth.RequireUser for the export and deletion routes,
// which exist only once WithOwnerData wired them.
func (s *Service) requireOwnerData(r *http.Request) (string, error) {
	c, err := auth.RequireUser(r.Context())
	if err != nil {
		return "", err
	}
	if s.accounts == nil || s.orders == nil {
		return "", httpx.Errorf(httpx.CodeUnavailable, "This is not available right now.")
	}
	return c.UserID, nil
}
