package orders

import (
	"errors"
	"io"
	"net/http"

	"bookshop/internal/httpx"
)

// The order desk's routes (/api/admin/orders). Who may call each is
// declared on the route (internal/server/routes.go): support reads and
// resends, managers and owners act.

// ListAdminOrders serves GET /api/admin/orders?q=&status=&from=&to=&method=&sort=&page=&perPage=.
func (s *Service) ListAdminOrders(w http.ResponseWriter, r *http.Request) error {
	list, err := s.ListOrdersForDesk(r.Context(), r.URL.Query())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, list)
}

// GetAdminOrder serves GET /api/admin/orders/{number}.
func (s *Service) GetAdminOrder(w http.ResponseWriter, r *http.Request) error {
	o, err := s.AdminOrderOf(r.Context(), r.PathValue("number"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, o)
}

// FulfilOrder serves POST /api/admin/orders/{number}/fulfil {carrier, trackingNumber, trackingUrl, version}.
func (s *Service) FulfilOrder(w http.ResponseWriter, r *http.Request) error {
	var in FulfilInput
	return s.act(w, r, &in, func() (AdminOrder, error) { return s.Fulfil(r.Context(), r.PathValue("number"), in) })
}

// DeliverOrder serves POST /api/admin/orders/{number}/deliver {version}.
func (s *Service) DeliverOrder(w http.ResponseWriter, r *http.Request) error {
	var in VersionInput
	return s.act(w, r, &in, func() (AdminOrder, error) { return s.Deliver(r.Context(), r.PathValue("number"), in) })
}

// CancelOrder serves POST /api/admin/orders/{number}/cancel {reason, version}
// with an Idempotency-Key.
func (s *Service) CancelOrder(w http.ResponseWriter, r *http.Request) error {
	var in CancelInput
	return s.act(w, r, &in, func() (AdminOrder, error) {
		key, err := optionalKey(r)
		if err != nil {
			return AdminOrder{}, err
		}
		return s.Cancel(r.Context(), r.PathValue("number"), in, key)
	})
}

// RefundOrder serves POST /api/admin/orders/{number}/refund {amountCents |
// lines, reason, version} with an Idempotency-Key.
func (s *Service) RefundOrder(w http.ResponseWriter, r *http.Request) error {
	var in RefundInput
	return s.act(w, r, &in, func() (AdminOrder, error) {
		key, err := optionalKey(r)
		if err != nil {
			return AdminOrder{}, err
		}
		return s.Refund(r.Context(), r.PathValue("number"), in, key)
	})
}

// AddOrderNote serves POST /api/admin/orders/{number}/notes {text}.
func (s *Service) AddOrderNote(w http.ResponseWriter, r *http.Request) error {
	var in NoteInput
	return s.act(w, r, &in, func() (AdminOrder, error) { return s.AddNote(r.Context(), r.PathValue("number"), in) })
}

// ResendOrderConfirmation serves POST /api/admin/orders/{number}/resend-confirmation
// with an Idempotency-Key, which is required: the route's middleware sends
// one e-mail per key, so a double click or a retry sends one.
func (s *Service) ResendOrderConfirmation(w http.ResponseWriter, r *http.Request) error {
	var in struct{}
	return s.act(w, r, &in, func() (AdminOrder, error) {
		key, err := optionalKey(r)
		if err != nil {
			return AdminOrder{}, err
		}
		if key == "" {
			return AdminOrder{}, httpx.Invalid("Resending needs an Idempotency-Key header: one key per resend, so that a retry sends one e-mail.",
				map[string]string{"Idempotency-Key": "Required"})
		}
		return s.ResendConfirmation(r.Context(), r.PathValue("number"))
	})
}

// act decodes the body strictly (an unknown field is named; an empty body
// leaves in as it is), runs do and writes the order it returns.
func (s *Service) act(w http.ResponseWriter, r *http.Request, in any, do func() (AdminOrder, error)) error {
	if err := decodeOptional(r, in); err != nil {
		return err
	}
	o, err := do()
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, o)
}

func decodeOptional(r *http.Request, v any) error {
	if r.Body == nil || r.ContentLength == 0 {
		return nil
	}
	err := httpx.DecodeStrictJSON(r, v, "Please correct the highlighted fields.")
	if e := (*httpx.Error)(nil); errors.As(err, &e) && e.Message == "The request body is empty." {
		return nil
	}
	return err
}

// PayPalWebhook serves POST /api/paypal/webhook: PayPal's events, each
// verified with PayPal before anything changes.
func (s *Service) PayPalWebhook(w http.ResponseWriter, r *http.Request) error {
	outcome, err := s.readAndHandleWebhook(r)
	s.webhookResults(webhookResult(outcome, err))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"outcome": outcome})
}

func (s *Service) readAndHandleWebhook(r *http.Request) (string, error) {
	body, err := io.ReadAll(r.Body)
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return "", httpx.Errorf(httpx.CodeTooLarge, "The request body is too large.")
	}
	if err != nil {
		return "", httpx.Errorf(httpx.CodeInvalid, "The request body could not be read.")
	}
	return s.HandleWebhook(r.Context(), r.Header, body)
}
