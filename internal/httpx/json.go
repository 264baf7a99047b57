package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"bookshop/internal/db"
)

// HandlerFunc is an http handler that returns an error instead of writing it.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// ErrorWriter writes a handler's error in one route group's shape: the /api
// shape (WriteError), GoTrue's on /auth/v1, or a server function's own.
type ErrorWriter func(w http.ResponseWriter, r *http.Request, err error)

// Handle adapts a HandlerFunc of the /api routes: a returned error becomes
// the /api JSON error shape, and internal errors are logged with the
// request's id.
func Handle(h HandlerFunc) http.Handler { return HandleWith(WriteError, h) }

// HandleWith adapts a HandlerFunc whose errors are written by write. Every
// route of the shop goes through it, so a route group differs from another
// only in the writer it names where its routes are registered.
func HandleWith(write ErrorWriter, h HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			write(w, r, err)
		}
	})
}

// WriteJSON writes v as JSON with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

// WriteError writes err as {"error":{"code","message","fields"}}.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e := Prepare(w, r, err)
	_ = WriteJSON(w, e.Status(), map[string]*Error{"error": e})
}

// Prepare is the part every ErrorWriter shares: it turns err into an *Error,
// logs internal errors with the request, and sets Retry-After on a 429.
func Prepare(w http.ResponseWriter, r *http.Request, err error) *Error {
	e := AsError(err)
	if e.Code == CodeInternal || db.IsFull(err) {
		slog.ErrorContext(r.Context(), "request failed", "err", err, "method", r.Method, "path", r.URL.Path)
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(e.RetryAfter.Seconds())))
	}
	return e
}

// DecodeJSON reads a JSON body into v. Wrong content type, a body over the
// limit, malformed JSON, trailing data and control characters in text
// (CheckText) each get a clear 4xx error.
func DecodeJSON(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return Errorf(CodeUnsupported, "Send the request body as application/json.")
		}
	}
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if dec.More() {
		return Errorf(CodeInvalid, "The request body must be a single JSON value.")
	}
	return CheckText(v)
}

// DecodeStrictJSON is DecodeJSON for a form whose fields are fixed: a field
// v does not have is refused and named, as is one of the wrong type, under
// the form's own message (invalid).
func DecodeStrictJSON(r *http.Request, v any, invalid string) error {
	var raw json.RawMessage // content type, size and syntax, as every body
	if err := DecodeJSON(r, &raw); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			field := typeErr.Field
			if field == "" {
				field = "body"
			}
			return Invalid(invalid, map[string]string{field: "Wrong type"})
		}
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			if unquoted, err := strconv.Unquote(name); err == nil {
				name = unquoted
			}
			return Invalid(invalid, map[string]string{name: "Unknown field"})
		}
		return Invalid(invalid, map[string]string{"body": "Not valid JSON for this form"})
	}
	return CheckText(v)
}

func decodeError(err error) error {
	var tooLarge *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	var own *Error
	switch {
	case errors.As(err, &tooLarge):
		return Errorf(CodeTooLarge, "The request body is too large.")
	case errors.As(err, &own):
		// A type's own UnmarshalJSON refused its value with a message for
		// the user (e.g. a book id that is not a number): keep it.
		return own
	case errors.Is(err, io.EOF):
		return Errorf(CodeInvalid, "The request body is empty.")
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" { // the body itself, e.g. an array where an object belongs
			field = "body"
		}
		return &Error{Code: CodeInvalid, Message: "A field has the wrong type.", Fields: map[string]string{field: "Wrong type"}}
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return Errorf(CodeInvalid, "The request body is not valid JSON.")
	}
	return Errorf(CodeInvalid, "The request body could not be read.")
}
