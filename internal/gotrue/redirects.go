package gotrue

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// redirectTarget returns redirect_to when it points at this site, and the
// site's URL otherwise: links must never send people elsewhere.
func (s *Service) redirectTarget(raw string) string {
	if raw == "" {
		return s.cfg.SiteURL
	}
	u, err := url.Parse(raw)
	site, serr := url.Parse(s.cfg.SiteURL)
	if err != nil || serr != nil || u.Scheme != site.Scheme || !strings.EqualFold(u.Host, site.Host) || u.User != nil {
		return s.cfg.SiteURL
	}
	return u.String()
}

func sessionFragment(t *tokenResponse, typ string) url.Values {
	return url.Values{
		"access_token":  {t.AccessToken},
		"expires_at":    {strconv.FormatInt(t.ExpiresAt, 10)},
		"expires_in":    {strconv.Itoa(t.ExpiresIn)},
		"refresh_token": {t.RefreshToken},
		"token_type":    {t.TokenType},
		"type":          {typ},
	}
}

// oauthErrors maps statuses to the OAuth error names Supabase Auth puts in
// redirects.
var oauthErrors = map[int]string{
	http.StatusBadRequest:          "invalid_request",
	http.StatusUnauthorized:        "unauthorized_client",
	http.StatusForbidden:           "access_denied",
	http.StatusNotFound:            "invalid_request",
	http.StatusUnprocessableEntity: "invalid_request",
	http.StatusTooManyRequests:     "temporarily_unavailable",
	http.StatusInternalServerError: "server_error",
}

// errorRedirect puts the error in the fragment, and for PKCE flows also in
// the query, where each kind of client looks.
func errorRedirect(redirect string, e *apiError, pkce bool) string {
	u, err := url.Parse(redirect)
	if err != nil {
		return redirect
	}
	name := oauthErrors[e.Status]
	if name == "" {
		name = "server_error"
	}
	v := url.Values{"error": {name}, "error_code": {e.Code}, "error_description": {e.Message}}
	u.RawQuery = ""
	if pkce {
		u.RawQuery = v.Encode()
	}
	u.Fragment = ""
	u.RawFragment = ""
	return u.String() + "#" + v.Encode()
}

func withQuery(redirect string, v url.Values) string {
	u, err := url.Parse(redirect)
	if err != nil {
		return redirect
	}
	q := u.Query()
	for k, vals := range v {
		q[k] = vals
	}
	u.RawQuery = q.Encode()
	return u.String()
}

func withFragment(redirect string, v url.Values) string {
	u, err := url.Parse(redirect)
	if err != nil {
		return redirect
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String() + "#" + v.Encode()
}
