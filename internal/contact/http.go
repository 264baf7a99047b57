package contact

import (
	"net/http"

	"bookshop/internal/httpx"
)

// maxBodyBytes fits the longest valid message (5,000 characters of up to
// four bytes each, plus the other fields and JSON) with room to spare.
const maxBodyBytes = 32 << 10

// failed is what the visitor sees when something broke on our side.
const failed = "Failed to send message. Please try again later."

// tooLarge is the response to a body over maxBodyBytes.
const tooLarge = "The message is too large."

// result is the function's response, in the spec's shape.
type result struct {
	Success bool   `json:"success"`
	Error   string `json:"error,omitempty"`
}

// SendMessage serves POST /functions/v1/send-contact-email.
func (s *Service) SendMessage(w http.ResponseWriter, r *http.Request) error {
	if r.ContentLength > maxBodyBytes {
		return httpx.Errorf(httpx.CodeTooLarge, tooLarge)
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	var m Message
	if err := httpx.DecodeJSON(r, &m); err != nil {
		return err
	}
	if err := s.send(r.Context(), m); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, result{Success: true})
}

// WriteError is the contact function's error writer: {"success":false,
// "error":"message"}.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e := httpx.Prepare(w, r, err)
	msg := e.Message
	switch e.Code {
	case httpx.CodeTooLarge:
		msg = tooLarge
	case httpx.CodeInternal:
		msg = failed
	}
	_ = httpx.WriteJSON(w, e.Status(), result{Error: msg})
}
