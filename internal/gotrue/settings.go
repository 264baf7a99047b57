package gotrue

import (
	"net/http"

	"bookshop/internal/httpx"
)

// GetSettings handles GET /settings: which ways of signing in are enabled.
func (s *Service) GetSettings(w http.ResponseWriter, r *http.Request) error {
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"external": map[string]bool{
			"anonymous_users": false, "apple": false, "azure": false, "bitbucket": false, "discord": false,
			"email": true, "facebook": false, "figma": false, "github": false, "gitlab": false,
			"google": s.cfg.GoogleEnabled(), "keycloak": false, "kakao": false, "linkedin_oidc": false,
			"notion": false, "phone": false, "slack_oidc": false, "spotify": false, "twitch": false,
			"twitter": false, "workos": false, "zoom": false,
		},
		"disable_signup":     false,
		"mailer_autoconfirm": false,
		"phone_autoconfirm":  false,
		"sms_provider":       "",
		"saml_enabled":       false,
	})
}
