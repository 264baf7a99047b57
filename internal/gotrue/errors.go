package gotrue

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"bookshop/internal/httpx"
)

// apiError is an error of the /auth/v1 API: an HTTP status, a Supabase Auth
// error code and a message safe to show. Codes and messages follow GoTrue so
// that @supabase/auth-js maps them to the right error classes.
type apiError struct {
	Status  int
	Code    string
	Message string
	Reasons []string // weak_password only
	// RetryAfter, when set, becomes the Retry-After header (the e-mail cooldown).
	RetryAfter time.Duration
	// OAuth errors (the id_token grant's) keep OAuth's shape in every API
	// version: {"error": Code, "error_description": Message}, as GoTrue's.
	OAuth bool
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

func newError(status int, code, format string, args ...any) *apiError {
	return &apiError{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

func oauthError(code, description string) *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: code, Message: description, OAuth: true}
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
	errSignupDisabled     = unprocessable("signup_disabled", "Signups not allowed for this instance")
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

// writeError is the ErrorWriter of the /auth/v1 routes: it writes err in
// the GoTrue shape the request asked for.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	e := goTrueError(w, r, err)
	if e.OAuth {
		_ = httpx.WriteJSON(w, e.Status, map[string]string{"error": e.Code, "error_description": e.Message})
		return
	}
	var weak *weakPasswordPayload
	if e.Code == "weak_password" {
		weak = &weakPasswordPayload{Reasons: e.Reasons}
	}
	if wantsNewErrorShape(r) {
		w.Header().Set(apiVersionHeader, "2024-01-01")
		_ = httpx.WriteJSON(w, e.Status, struct {
			Code         string               `json:"code"`
			Message      string               `json:"message"`
			WeakPassword *weakPasswordPayload `json:"weak_password,omitempty"`
		}{e.Code, e.Message, weak})
		return
	}
	_ = httpx.WriteJSON(w, e.Status, struct {
		Code         int                  `json:"code"`
		ErrorCode    string               `json:"error_code"`
		Msg          string               `json:"msg"`
		WeakPassword *weakPasswordPayload `json:"weak_password,omitempty"`
	}{e.Status, e.Code, e.Message, weak})
}

// goTrueCodes names the shared httpx error codes (the rate limit, a body
// over the size limit, ...) as GoTrue does.
var goTrueCodes = map[string]string{
	httpx.CodeInvalid:         "validation_failed",
	httpx.CodeUnauthorized:    "no_authorization",
	httpx.CodeForbidden:       "not_admin",
	httpx.CodeNotFound:        "not_found",
	httpx.CodeTooLarge:        "request_too_large",
	httpx.CodeTooManyRequests: "over_request_rate_limit",
	httpx.CodeInternal:        "unexpected_failure",
}

// goTrueError is err as an apiError. An apiError sets its own Retry-After;
// any other error goes through httpx.Prepare like on every route (internal
// errors are logged and shown as a generic 500, Retry-After is set) and is
// renamed with GoTrue's code.
func goTrueError(w http.ResponseWriter, r *http.Request, err error) *apiError {
	var e *apiError
	if errors.As(err, &e) {
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(e.RetryAfter.Seconds())))
		}
		return e
	}
	he := httpx.Prepare(w, r, err)
	code, ok := goTrueCodes[he.Code]
	if !ok {
		code = he.Code
	}
	msg := he.Message
	if he.Code == httpx.CodeInternal {
		msg = "Unexpected failure, please check server logs for more information"
	}
	return &apiError{Status: he.Status(), Code: code, Message: msg}
}

type weakPasswordPayload struct {
	Reasons []string `json:"reasons"`
}

// asAPIError turns an internal error into a generic one for a redirect.
func asAPIError(err error) *apiError {
	var e *apiError
	if errors.As(err, &e) {
		return e
	}
	return newError(http.StatusInternalServerError, "unexpected_failure", "Unexpected failure, please try again")
}
