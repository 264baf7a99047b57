package server

import (
	"encoding/json"
	"net/http"

	"bookshop/internal/account"
	"bookshop/internal/config"
	"bookshop/internal/httpx"
	"bookshop/internal/retention"
)

// publicSettings is what the web app needs to know about this deployment,
// in one response: where customers write (SUPPORT_EMAIL, the address the
// contact form mails and the order e-mail names) and which sign-in and
// payment providers are configured.
type publicSettings struct {
	SupportEmail string          `json:"supportEmail"`
	Google       googleSettings  `json:"google"`
	PayPal       payPalSettings  `json:"paypal"`
	Dev          bool            `json:"dev"`
	Privacy      privacySettings `json:"privacy"`
}

// privacySettings are the children's privacy notice's current version and
// the retention schedule, which /privacy and the privacy center publish.
type privacySettings struct {
	NoticeVersion string             `json:"noticeVersion"`
	Retention     retention.Schedule `json:"retention"`
}

type googleSettings struct {
	Enabled bool `json:"enabled"`
}

type payPalSettings struct {
	Enabled  bool   `json:"enabled"`
	ClientID string `json:"clientId,omitempty"`
	SDKURL   string `json:"sdkUrl,omitempty"`
}

// settingsOf is the deployment's public settings, read from its configuration.
func settingsOf(cfg config.Config) publicSettings {
	out := publicSettings{SupportEmail: cfg.SupportEmail, Google: googleSettings{Enabled: cfg.GoogleEnabled()}, Dev: cfg.Dev,
		Privacy: privacySettings{NoticeVersion: account.NoticeVersion, Retention: scheduleOf(cfg)}}
	if cfg.PayPalEnabled() {
		out.PayPal = payPalSettings{Enabled: true, ClientID: cfg.PayPalClientID, SDKURL: cfg.PayPalSDKURL}
	}
	return out
}

// settingsJSON is the response of GET /api/settings, made once: the pages carry
// it too (webapp Options.Inline), so the footer's address needs no request.
func settingsJSON(cfg config.Config) (json.RawMessage, error) {
	return json.Marshal(settingsOf(cfg))
}

// settings serves GET /api/settings.
func (s *Server) settings(w http.ResponseWriter, r *http.Request) error {
	return httpx.WriteJSON(w, http.StatusOK, settingsOf(s.cfg))
}
