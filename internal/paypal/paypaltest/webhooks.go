package paypaltest

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"bookshop/internal/paypal"
)

// Refunds and webhooks of the fake: POST /v2/payments/captures/{id}/refund
// with PayPal-Request-Id replay, refunds made "in PayPal's dashboard" by a
// test, and webhook deliveries signed so that the fake's own
// verify-webhook-signature answers SUCCESS only for an untouched event sent
// for the webhook id it names.

// WebhookID is the webhook id tests configure (PAYPAL_WEBHOOK_ID).
const WebhookID = "WH-FAKE-0001"

// signingKey stands in for PayPal's certificate.
var signingKey = []byte("fake-paypal-webhook-signing-key")

// FailNextRefundsAfterSuccess makes the next n refunds happen at PayPal but
// respond with a 500, as when the response is lost on the way back.
func (f *Fake) FailNextRefundsAfterSuccess(n int) { f.mu.Lock(); f.refundFails = n; f.mu.Unlock() }

// Refunds returns the refunds made of a capture, oldest first.
func (f *Fake) Refunds(captureID string) []paypal.Refund {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]paypal.Refund(nil), f.refunds[captureID]...)
}

// captureByID finds a capture and its order; f.mu is held.
func (f *Fake) captureByID(id string) (*order, paypal.Capture, bool) {
	for _, o := range f.orders {
		if c, ok := o.FirstCapture(); ok && c.ID == id {
			return o, c, true
		}
	}
	return nil, paypal.Capture{}, false
}

func (f *Fake) refundCapture(r *http.Request) (int, any) {
	var req paypal.RefundRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return http.StatusBadRequest, apiError("INVALID_REQUEST", "Request is not well-formed.", "MALFORMED_REQUEST_JSON")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	refund, status, e := f.refundLocked(r.PathValue("id"), req)
	if e != nil {
		return status, e
	}
	if f.refundFails > 0 {
		f.refundFails--
		return http.StatusInternalServerError, lostResponse{body: refund}
	}
	return http.StatusCreated, refund
}

// refundLocked makes a refund of a capture, as PayPal checks it: never more
// than what is left. f.mu is held.
func (f *Fake) refundLocked(captureID string, req paypal.RefundRequest) (paypal.Refund, int, map[string]any) {
	_, c, ok := f.captureByID(captureID)
	if !ok {
		return paypal.Refund{}, http.StatusNotFound, apiError("RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID")
	}
	captured := cents(c.Amount.Value)
	left := captured
	for _, r := range f.refunds[captureID] {
		left -= cents(r.Amount.Value)
	}
	amount := left
	if req.Amount != nil {
		amount = cents(req.Amount.Value)
	}
	switch {
	case left <= 0:
		return paypal.Refund{}, http.StatusUnprocessableEntity, apiError("UNPROCESSABLE_ENTITY", "The capture has already been fully refunded.", "CAPTURE_FULLY_REFUNDED")
	case amount <= 0 || amount > left:
		return paypal.Refund{}, http.StatusUnprocessableEntity, apiError("UNPROCESSABLE_ENTITY",
			"The refund amount must be less than or equal to the capture amount that has not yet been refunded.", "REFUND_AMOUNT_EXCEEDED")
	}
	refund := paypal.Refund{ID: "RF" + randomID(10), Status: paypal.StatusCompleted, CustomID: req.CustomID, InvoiceID: req.InvoiceID,
		Amount: paypal.Money{CurrencyCode: c.Amount.CurrencyCode, Value: fmt.Sprintf("%d.%02d", amount/100, amount%100)},
		Links:  []paypal.Link{{Rel: "up", Href: "https://api.sandbox.paypal.com/v2/payments/captures/" + captureID}}}
	f.refunds[captureID] = append(f.refunds[captureID], refund)
	return refund, 0, nil
}

// RefundInDashboard refunds amount ("10.00"; "" for what is left) of a
// capture as a merchant does in PayPal's own dashboard: the shop learns of
// it only from the webhook.
func (f *Fake) RefundInDashboard(captureID, amount string) (paypal.Refund, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	req := paypal.RefundRequest{}
	if amount != "" {
		req.Amount = &paypal.Money{CurrencyCode: "USD", Value: amount}
	}
	r, _, e := f.refundLocked(captureID, req)
	if e != nil {
		return paypal.Refund{}, fmt.Errorf("refund %s: %v", captureID, e["message"])
	}
	return r, nil
}

// Event is a webhook delivery, signed for webhookID: its headers and body.
func Event(webhookID, id, eventType string, resource any) (http.Header, []byte) {
	res, _ := json.Marshal(resource)
	body, _ := json.Marshal(paypal.WebhookEvent{ID: id, EventType: eventType, ResourceType: resourceType(eventType),
		CreateTime: time.Now().UTC().Format(time.RFC3339), Resource: res})
	h := http.Header{}
	tid := randomID(16)
	at := time.Now().UTC().Format(time.RFC3339)
	h.Set("Paypal-Auth-Algo", "SHA256withRSA")
	h.Set("Paypal-Cert-Url", "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-FAKE")
	h.Set("Paypal-Transmission-Id", tid)
	h.Set("Paypal-Transmission-Time", at)
	h.Set("Paypal-Transmission-Sig", sign(tid, at, webhookID, body))
	h.Set("Content-Type", "application/json")
	return h, body
}

func resourceType(eventType string) string {
	if eventType == paypal.EventCaptureRefunded || eventType == paypal.EventCaptureReversed {
		return "refund"
	}
	return "capture"
}

// sign is the fake's signature of a delivery: over the transmission, the
// webhook id and the event's content (re-encoded, so that a verification
// call that re-encodes the event still matches).
func sign(transmissionID, at, webhookID string, event []byte) string {
	var v any
	if err := json.Unmarshal(event, &v); err != nil {
		return ""
	}
	canonical, _ := json.Marshal(v)
	sum := sha256.Sum256(canonical)
	mac := hmac.New(sha256.New, signingKey)
	mac.Write([]byte(transmissionID + "|" + at + "|" + webhookID + "|" + hex.EncodeToString(sum[:])))
	return hex.EncodeToString(mac.Sum(nil))
}

func (f *Fake) verifyWebhook(r *http.Request) (int, any) {
	var req struct {
		paypal.WebhookHeaders
		WebhookID    string          `json:"webhook_id"`
		WebhookEvent json.RawMessage `json:"webhook_event"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return http.StatusBadRequest, apiError("INVALID_REQUEST", "Request is not well-formed.", "MALFORMED_REQUEST_JSON")
	}
	f.mu.Lock()
	f.verifications++
	f.mu.Unlock()
	want := sign(req.TransmissionID, req.TransmissionTime, req.WebhookID, req.WebhookEvent)
	status := "FAILURE"
	if want != "" && hmac.Equal([]byte(want), []byte(req.TransmissionSig)) {
		status = "SUCCESS"
	}
	return http.StatusOK, map[string]string{"verification_status": status}
}

// Verifications tells how many signatures the shop asked the fake to verify.
func (f *Fake) Verifications() int { f.mu.Lock(); defer f.mu.Unlock(); return f.verifications }

// sendWebhookHTTP is the browser tests' dashboard: POST /test/webhooks
// {"url", "webhookId", "eventType", "captureId", "amount"} makes the
// refund (REFUNDED, REVERSED) at the fake and delivers the signed event to
// url, answering with the shop's status.
func (f *Fake) sendWebhookHTTP(w http.ResponseWriter, r *http.Request) {
	var in struct {
		URL       string `json:"url"`
		WebhookID string `json:"webhookId"`
		EventType string `json:"eventType"`
		CaptureID string `json:"captureId"`
		Amount    string `json:"amount"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.URL == "" {
		writeJSON(w, http.StatusBadRequest, apiError("INVALID_REQUEST", "url, webhookId, eventType and captureId are required.", ""))
		return
	}
	var resource any
	switch in.EventType {
	case paypal.EventCaptureRefunded, paypal.EventCaptureReversed:
		refund, err := f.RefundInDashboard(in.CaptureID, in.Amount)
		if err != nil {
			writeJSON(w, http.StatusUnprocessableEntity, apiError("UNPROCESSABLE_ENTITY", err.Error(), ""))
			return
		}
		resource = refund
	default:
		f.mu.Lock()
		o, c, ok := f.captureByID(in.CaptureID)
		f.mu.Unlock()
		if !ok {
			writeJSON(w, http.StatusNotFound, apiError("RESOURCE_NOT_FOUND", "no capture "+in.CaptureID, ""))
			return
		}
		res := paypal.CaptureResource{Capture: c}
		res.SupplementaryData.RelatedIDs.OrderID = o.ID
		resource = res
	}
	h, body := Event(in.WebhookID, "WH-"+randomID(12), in.EventType, resource)
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, in.URL, bytes.NewReader(body))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, apiError("INVALID_REQUEST", err.Error(), ""))
		return
	}
	req.Header = h
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		writeJSON(w, http.StatusBadGateway, apiError("DELIVERY_FAILED", err.Error(), ""))
		return
	}
	resp.Body.Close()
	writeJSON(w, http.StatusOK, map[string]string{"status": strconv.Itoa(resp.StatusCode)})
}

// cents reads a PayPal amount ("12.34") as cents.
func cents(v string) int64 {
	r := rat(v)
	r.Mul(r, rat("100"))
	if !r.IsInt() {
		return -1
	}
	return r.Num().Int64()
}
