package server

import (
	"net/http"

	"bookshop/internal/httpx"
)

// publicSettings is what the web app needs to know about this deployment.
type publicSettings struct {
	SupportEmail string         `json:"supportEmail"`
	PayPal       payPalSettings `json:"paypal"`
	Dev          bool           `json:"dev"`
}

type payPalSettings struct {
	Enabled  bool   `json:"enabled"`
	ClientID string `json:"clientId,omitempty"`
	SDKURL   string `json:"sdkUrl,omitempty"`
}

func (s *Server) settings(w http.ResponseWriter, r *http.Request) error {
	out := publicSettings{SupportEmail: s.cfg.SupportEmail, Dev: s.cfg.Dev}
	if s.cfg.PayPalEnabled() {
		out.PayPal = payPalSettings{Enabled: true, ClientID: s.cfg.PayPalClientID, SDKURL: s.cfg.PayPalSDKURL}
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}
