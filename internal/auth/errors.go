package auth

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
)

// apiError is an error of the /auth/v1 API: an HTTP status, a Supabase Auth
// error code and a message safe to show. Codes and messages follow GoTrue so
// that @supabase/auth-js maps them to the right error classes.
type apiError struct {
	Status  int
	Code    string
	Message string
	Reasons []string // weak_password only
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

func newError(status int, code, format string, args ...any) *apiError {
	return &apiError{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

func badRequest(code, format string, args ...any) *apiError {
	return newError(http.StatusBadRequest, code, format, args...)
}

func unprocessable(code, format string, args ...any) *apiError {
	return newError(http.StatusUnprocessableEntity, code, format, args...)
}

func forbidden(code, format string, args ...any) *apiError {
	return newError(http.StatusForbidden, code, format, args...)
}

func notFound(code, format string, args ...any) *apiError {
	return newError(http.StatusNotFound, code, format, args...)
}

func tooManyRequests(code, format string, args ...any) *apiError {
	return newError(http.StatusTooManyRequests, code, format, args...)
}

// Errors used in several places, with GoTrue's codes and wording.
var (
	errInvalidCredentials = badRequest("invalid_credentials", "Invalid login credentials")
	errEmailNotConfirmed  = badRequest("email_not_confirmed", "Email not confirmed")
	errNoAuthorization    = newError(http.StatusUnauthorized, "no_authorization", "This endpoint requires a valid Bearer token")
	errBadJWT             = forbidden("bad_jwt", "invalid JWT: unable to parse or verify signature, or token has expired")
	errSessionNotFound    = forbidden("session_not_found", "Session from session_id claim in JWT does not exist")
	errUserNotFound       = forbidden("user_not_found", "User from sub claim in JWT does not exist")
	errOTPExpired         = forbidden("otp_expired", "Email link is invalid or has expired")
	errRateLimited        = tooManyRequests("over_request_rate_limit", "Request rate limit reached")
)

// apiVersionHeader is the header with which auth-js asks for the
// 2024-01-01 error shape {"code","message"} instead of the legacy
// {"code":status,"error_code","msg"}.
const apiVersionHeader = "X-Supabase-Api-Version"

var apiVersionPattern = regexp.MustCompile(`^2[0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$`)

// wantsNewErrorShape tells whether the request names API version 2024-01-01
// or later. Dates in YYYY-MM-DD form compare correctly as strings.
func wantsNewErrorShape(r *http.Request) bool {
	v := r.Header.Get(apiVersionHeader)
	return apiVersionPattern.MatchString(v) && v >= "2024-01-01"
}

// writeError answers with err in the shape the request asked for. Errors
// that are not apiErrors are internal: logged, and shown as a generic 500.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var e *apiError
	if !errors.As(err, &e) {
		slog.ErrorContext(r.Context(), "auth request failed", "err", err, "method", r.Method, "path", r.URL.Path)
		e = newError(http.StatusInternalServerError, "unexpected_failure", "Unexpected failure, please check server logs for more information")
	}
	var weak *weakPasswordPayload
	if e.Code == "weak_password" {
		weak = &weakPasswordPayload{Reasons: e.Reasons}
	}
	if e.Status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "60")
	}
	if wantsNewErrorShape(r) {
		w.Header().Set(apiVersionHeader, "2024-01-01")
		writeJSON(w, e.Status, struct {
			Code         string               `json:"code"`
			Message      string               `json:"message"`
			WeakPassword *weakPasswordPayload `json:"weak_password,omitempty"`
		}{e.Code, e.Message, weak})
		return
	}
	writeJSON(w, e.Status, struct {
		Code         int                  `json:"code"`
		ErrorCode    string               `json:"error_code"`
		Msg          string               `json:"msg"`
		WeakPassword *weakPasswordPayload `json:"weak_password,omitempty"`
	}{e.Status, e.Code, e.Message, weak})
}

type weakPasswordPayload struct {
	Reasons []string `json:"reasons"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
