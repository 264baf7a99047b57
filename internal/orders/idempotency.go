package orders

import (
	"context"
	"errors"
	"net/http"
	"unicode/utf8"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The checkout sends an Idempotency-Key with every payment call, one per
// checkout attempt, and a call without one is refused: without it a double
// submit could not be told from a second purchase. The order a key created
// is found by it again, so a double submit (in parallel or a moment apart)
// gets the first order instead of recording and e-mailing a second one.
// capture_order is also idempotent by its PayPal order id.

const maxIdempotencyKey = 200

var errKeyRequired = httpx.Invalid("Each payment request needs an Idempotency-Key header: one key per payment attempt.",
	map[string]string{"Idempotency-Key": "Required"})

// idempotencyKey reads the request's Idempotency-Key, which every payment
// action requires.
func idempotencyKey(r *http.Request) (string, error) {
	key, err := optionalKey(r)
	if err == nil && key == "" {
		return "", errKeyRequired
	}
	return key, err
}

// optionalKey reads the request's Idempotency-Key, if it has one.
func optionalKey(r *http.Request) (string, error) {
	key := r.Header.Get("Idempotency-Key")
	if utf8.RuneCountInString(key) > maxIdempotencyKey || httpx.HasControl(key) {
		return "", httpx.Invalid("The Idempotency-Key header must be at most 200 characters of text.",
			map[string]string{"Idempotency-Key": "Invalid"})
	}
	return key, nil
}

var errKeyReused = httpx.Errorf(httpx.CodeConflict, "This payment attempt was already used for another order. Please start the payment again.")

// orderOfKey returns the order an earlier call with key created, if any.
// A key is only ever the caller's own: another buyer's order, another method
// or another total is a conflict, never a response.
func orderOfKey(ctx context.Context, q db.Querier, key, userID, provider string, totalCents int64) (Order, bool, error) {
	if key == "" {
		return Order{}, false, nil
	}
	o, err := orderBy(ctx, q, "idempotency_key = ?", key)
	if e := (*httpx.Error)(nil); errors.As(err, &e) && e.Code == httpx.CodeNotFound {
		return Order{}, false, nil
	}
	if err != nil {
		return Order{}, false, err
	}
	if o.UserID != userID || o.Provider != provider || o.TotalCents != totalCents {
		return Order{}, false, errKeyReused
	}
	return o, true, nil
}
