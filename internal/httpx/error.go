// Package httpx is the HTTP plumbing every feature shares: the error type and
// its JSON shape, handlers that return errors, JSON decoding, and middleware.
package httpx

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"bookshop/internal/db"
)

// Error codes. Each maps to one HTTP status; the message of an Error is safe
// to show to the user, while internal errors are logged and never shown.
const (
	CodeInvalid      = "invalid"
	CodeUnauthorized = "unauthorized"
	CodeForbidden    = "forbidden"
	// CodeInsufficientAAL: signed in with the first step only, while the
	// account has two-step sign-in on (403, as GoTrue's insufficient_aal).
	CodeInsufficientAAL = "insufficient_aal"
	CodeNotFound        = "not_found"
	CodeMethod          = "method_not_allowed"
	CodeConflict        = "conflict"
	CodeTooLarge        = "too_large"
	// CodeGone: what was there is no more (an expired or used-up download link).
	CodeGone            = "gone"
	CodeUnsupported     = "unsupported_media_type"
	CodeTooManyRequests = "too_many_requests"
	CodeUnavailable     = "unavailable"
	CodeBadGateway      = "bad_gateway"
	CodeInternal        = "internal"
)

var statusOf = map[string]int{
	CodeInvalid:         http.StatusBadRequest,
	CodeUnauthorized:    http.StatusUnauthorized,
	CodeForbidden:       http.StatusForbidden,
	CodeInsufficientAAL: http.StatusForbidden,
	CodeNotFound:        http.StatusNotFound,
	CodeMethod:          http.StatusMethodNotAllowed,
	CodeConflict:        http.StatusConflict,
	CodeTooLarge:        http.StatusRequestEntityTooLarge,
	CodeGone:            http.StatusGone,
	CodeUnsupported:     http.StatusUnsupportedMediaType,
	CodeTooManyRequests: http.StatusTooManyRequests,
	CodeUnavailable:     http.StatusServiceUnavailable,
	CodeBadGateway:      http.StatusBadGateway,
	CodeInternal:        http.StatusInternalServerError,
}

// Error is an application error with a code, a message the user may see, and
// optional per-field messages for forms.
type Error struct {
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
	// RetryAfter, when set, becomes the Retry-After header (rate limits,
	// cooldowns); every ErrorWriter sets it through Prepare.
	RetryAfter time.Duration `json:"-"`
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// Status is the HTTP status for the error's code.
func (e *Error) Status() int {
	if s, ok := statusOf[e.Code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// Errorf builds an Error with a formatted, user-safe message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid is a 400 with per-field messages.
func Invalid(message string, fields map[string]string) *Error {
	return &Error{Code: CodeInvalid, Message: message, Fields: fields}
}

// NotFound is a 404 naming what was not found.
func NotFound(what string) *Error {
	return &Error{Code: CodeNotFound, Message: what + " not found"}
}

// StorageFullRetry is the Retry-After of a write refused for want of space.
const StorageFullRetry = 2 * time.Minute

// AsError returns the *Error inside err, or an internal error whose message
// hides the details. A database out of space is a 503 with Retry-After:
// its transaction was rolled back whole, and the same request succeeds once
// space returns.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	if db.IsFull(err) {
		return &Error{Code: CodeUnavailable, RetryAfter: StorageFullRetry,
			Message: "The shop cannot save anything right now: its storage is full. Nothing was saved; please try again in a few minutes."}
	}
	return &Error{Code: CodeInternal, Message: "Something went wrong on our side. Please try again."}
}
