package contact

import (
	"errors"
	"log/slog"
	"net/http"

	"bookshop/internal/httpx"
	"bookshop/internal/ratelimit"
)

// maxBodyBytes fits the longest valid message (5,000 characters of up to
// four bytes each, plus the other fields and JSON) with room to spare.
const maxBodyBytes = 32 << 10

// failed is what the visitor sees when something broke on our side.
const failed = "Failed to send message. Please try again later."

// result is the function's answer, in the spec's shape.
type result struct {
	Success bool   `json:"success"`
	Error   string `json:"error,omitempty"`
}

// Handler serves POST /functions/v1/send-contact-email.
type Handler struct {
	svc     *Service
	limiter *ratelimit.Limiter // per-client limit of messages; nil: none
}

// NewHandler wraps svc; limiter may be nil (no limit).
func NewHandler(svc *Service, limiter *ratelimit.Limiter) *Handler {
	return &Handler{svc: svc, limiter: limiter}
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h.limiter.Allow(r.Context(), r, "contact"); err != nil {
		if errors.Is(err, ratelimit.ErrLimited) {
			w.Header().Set("Retry-After", ratelimit.RetryAfterSeconds)
			reply(w, http.StatusTooManyRequests, "Too many messages. Please wait a minute and try again.")
			return
		}
		slog.ErrorContext(r.Context(), "contact: rate limit", "err", err)
		reply(w, http.StatusInternalServerError, failed)
		return
	}
	if r.ContentLength > maxBodyBytes {
		reply(w, http.StatusRequestEntityTooLarge, "The message is too large.")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	var m Message
	if err := httpx.DecodeJSON(r, &m); err != nil {
		e := httpx.AsError(err)
		msg := e.Message
		if e.Code == httpx.CodeTooLarge {
			msg = "The message is too large."
		}
		reply(w, e.Status(), msg)
		return
	}
	err := h.svc.Send(r.Context(), m)
	var verr *ValidationError
	switch {
	case err == nil:
		reply(w, http.StatusOK, "")
	case errors.As(err, &verr):
		reply(w, http.StatusBadRequest, verr.Msg)
	default:
		slog.ErrorContext(r.Context(), "contact: send failed", "err", err)
		reply(w, http.StatusInternalServerError, failed)
	}
}

func reply(w http.ResponseWriter, status int, errMsg string) {
	_ = httpx.WriteJSON(w, status, result{Success: errMsg == "", Error: errMsg})
}
