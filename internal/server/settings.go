package server

import (
	"net/http"

	"bookshop/internal/httpx"
)

// publicSettings is what the web app needs to know about this deployment,
// in one answer: where customers write (SUPPORT_EMAIL, the address the
// contact form mails and the order e-mail names) and which sign-in and
// payment providers are configured.
type publicSettings struct {
	SupportEmail string         `json:"supportEmail"`
	Google       googleSettings `json:"google"`
	PayPal       payPalSettings `json:"paypal"`
	Dev          bool           `json:"dev"`
}

type googleSettings struct {
	Enabled bool `json:"enabled"`
}

type payPalSettings struct {
	Enabled  bool   `json:"enabled"`
	ClientID string `json:"clientId,omitempty"`
	SDKURL   string `json:"sdkUrl,omitempty"`
}

// settings serves GET /api/settings.
func (s *Server) settings(w http.ResponseWriter, r *http.Request) error {
	out := publicSettings{SupportEmail: s.cfg.SupportEmail, Google: googleSettings{Enabled: s.cfg.GoogleEnabled()}, Dev: s.cfg.Dev}
	if s.cfg.PayPalEnabled() {
		out.PayPal = payPalSettings{Enabled: true, ClientID: s.cfg.PayPalClientID, SDKURL: s.cfg.PayPalSDKURL}
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}
