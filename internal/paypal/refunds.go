package paypal

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"path"
)

// RefundRequest is the body of POST /v2/payments/captures/{id}/refund. An
// empty Amount refunds what is left of the capture.
type RefundRequest struct {
	Amount      *Money `json:"amount,omitempty"`
	InvoiceID   string `json:"invoice_id,omitempty"`
	CustomID    string `json:"custom_id,omitempty"` // the shop's refund id: a webhook about it is recognised
	NoteToPayer string `json:"note_to_payer,omitempty"`
}

// Refund is PayPal's view of a refund (also the resource of the
// PAYMENT.CAPTURE.REFUNDED and REVERSED webhook events).
type Refund struct {
	ID        string `json:"id"`
	Status    string `json:"status"` // COMPLETED, PENDING, CANCELLED, FAILED
	Amount    Money  `json:"amount"`
	InvoiceID string `json:"invoice_id,omitempty"`
	CustomID  string `json:"custom_id,omitempty"`
	Links     []Link `json:"links,omitempty"`
}

// Link is one HATEOAS link of a resource; a refund's "up" link is its capture.
type Link struct {
	Href string `json:"href"`
	Rel  string `json:"rel"`
}

// RefundCapture refunds a capture in full or in part. Reusing requestID on a
// retry replays the first refund's response instead of refunding again.
func (c *Client) RefundCapture(ctx context.Context, requestID, captureID string, req RefundRequest) (Refund, error) {
	var r Refund
	err := c.call(ctx, "refund_capture", http.MethodPost, "/v2/payments/captures/"+url.PathEscape(captureID)+"/refund", requestID, req, &r)
	return r, err
}

// WebhookHeaders are the PAYPAL-* headers of a webhook delivery, which
// PayPal's verification call needs beside the event.
type WebhookHeaders struct {
	AuthAlgo         string `json:"auth_algo"`
	CertURL          string `json:"cert_url"`
	TransmissionID   string `json:"transmission_id"`
	TransmissionSig  string `json:"transmission_sig"`
	TransmissionTime string `json:"transmission_time"`
}

// WebhookHeadersOf reads the delivery's headers; false when one is missing.
func WebhookHeadersOf(h http.Header) (WebhookHeaders, bool) {
	w := WebhookHeaders{AuthAlgo: h.Get("Paypal-Auth-Algo"), CertURL: h.Get("Paypal-Cert-Url"),
		TransmissionID: h.Get("Paypal-Transmission-Id"), TransmissionSig: h.Get("Paypal-Transmission-Sig"),
		TransmissionTime: h.Get("Paypal-Transmission-Time")}
	return w, w.AuthAlgo != "" && w.CertURL != "" && w.TransmissionID != "" && w.TransmissionSig != "" && w.TransmissionTime != ""
}

// verifyRequest is the body of POST /v1/notifications/verify-webhook-signature.
type verifyRequest struct {
	WebhookHeaders
	WebhookID    string          `json:"webhook_id"`
	WebhookEvent json.RawMessage `json:"webhook_event"`
}

// VerifyWebhookSignature asks PayPal whether a delivery is genuine: sent by
// PayPal for webhookID, with this exact event. body is the delivery's body
// as received.
func (c *Client) VerifyWebhookSignature(ctx context.Context, h WebhookHeaders, webhookID string, body []byte) (bool, error) {
	var out struct {
		VerificationStatus string `json:"verification_status"`
	}
	err := c.call(ctx, "verify_webhook", http.MethodPost, "/v1/notifications/verify-webhook-signature", newRequestID(),
		verifyRequest{WebhookHeaders: h, WebhookID: webhookID, WebhookEvent: json.RawMessage(body)}, &out)
	return out.VerificationStatus == "SUCCESS", err
}

// WebhookEvent is a webhook delivery's body; Resource depends on EventType.
type WebhookEvent struct {
	ID           string          `json:"id"`
	EventType    string          `json:"event_type"`
	ResourceType string          `json:"resource_type"`
	CreateTime   string          `json:"create_time"`
	Resource     json.RawMessage `json:"resource"`
}

// Webhook event types the shop acts on.
const (
	EventCaptureCompleted = "PAYMENT.CAPTURE.COMPLETED"
	EventCaptureRefunded  = "PAYMENT.CAPTURE.REFUNDED"
	EventCaptureReversed  = "PAYMENT.CAPTURE.REVERSED"
	EventCaptureDenied    = "PAYMENT.CAPTURE.DENIED"
)

// CaptureResource is the resource of the PAYMENT.CAPTURE.COMPLETED and
// DENIED events.
type CaptureResource struct {
	Capture
	SupplementaryData struct {
		RelatedIDs struct {
			OrderID string `json:"order_id"`
		} `json:"related_ids"`
	} `json:"supplementary_data"`
}

// CaptureID is the id of the capture a refund belongs to (its "up" link).
func (r Refund) CaptureID() string {
	for _, l := range r.Links {
		if l.Rel == "up" {
			if u, err := url.Parse(l.Href); err == nil && u.Path != "" {
				return path.Base(u.Path)
			}
		}
	}
	return ""
}
