package paypal_test

import (
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"bookshop/internal/paypal"
	"bookshop/internal/paypal/paypaltest"
)

func order() paypal.CreateOrderRequest {
	usd := func(v string) paypal.Money { return paypal.Money{CurrencyCode: "USD", Value: v} }
	return paypal.CreateOrderRequest{Intent: "CAPTURE", PurchaseUnits: []paypal.PurchaseUnit{{
		Amount: paypal.Amount{Money: usd("16.49"), Breakdown: &paypal.Breakdown{ItemTotal: usd("14.99"), TaxTotal: usd("1.50")}},
		Items:  []paypal.Item{{Name: "Book", Quantity: "1", UnitAmount: usd("14.99")}},
	}}}
}

func TestClient(t *testing.T) {
	ctx := context.Background()
	fake, base := paypaltest.Start(t)
	c := paypal.New(base, paypaltest.ClientID, paypaltest.ClientSecret)

	created, err := c.CreateOrder(ctx, "create-1", order())
	if err != nil || created.ID == "" {
		t.Fatalf("create: %+v %v", created, err)
	}
	// The same request id replays the first answer: no second order.
	again, err := c.CreateOrder(ctx, "create-1", order())
	if err != nil || again.ID != created.ID {
		t.Fatalf("replayed create gave %q, want %q (%v)", again.ID, created.ID, err)
	}

	// A revoked token is replaced once, transparently.
	fake.ExpireTokens()
	captured, err := c.CaptureOrder(ctx, "capture-1", created.ID)
	if err != nil || captured.Status != paypal.StatusCompleted {
		t.Fatalf("capture: %+v %v", captured, err)
	}
	if capture, ok := captured.FirstCapture(); !ok || capture.Amount.Value != "16.49" {
		t.Errorf("capture %+v", capture)
	}
	if n := fake.TokenCalls(); n != 2 {
		t.Errorf("%d tokens fetched, want 2", n)
	}

	// Another capture is refused with PayPal's issue code.
	_, err = c.CaptureOrder(ctx, "capture-2", created.ID)
	if paypal.IssueOf(err) != paypal.IssueAlreadyCaptured {
		t.Fatalf("second capture: %v, want %s", err, paypal.IssueAlreadyCaptured)
	}
	got, err := c.GetOrder(ctx, created.ID)
	if err != nil || got.Status != paypal.StatusCompleted || fake.Captures(created.ID) != 1 {
		t.Fatalf("get: %+v %v", got, err)
	}

	// Amounts that do not add up are refused, as PayPal does.
	bad := order()
	bad.PurchaseUnits[0].Amount.Value = "1.00"
	if _, err := c.CreateOrder(ctx, "create-bad", bad); paypal.IssueOf(err) != "AMOUNT_MISMATCH" {
		t.Errorf("bad amounts: %v", err)
	}

	// Wrong credentials are an error, not a panic or a hang.
	wrong := paypal.New(base, "nobody", "nothing")
	if _, err := wrong.GetOrder(ctx, created.ID); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("wrong credentials: %v", err)
	}
}

func TestFakeServesSDK(t *testing.T) {
	_, base := paypaltest.Start(t)
	resp, err := http.Get(base + "/sdk/js?client-id=" + paypaltest.ClientID + "&currency=USD&intent=capture&commit=true&components=buttons")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), "javascript") {
		t.Fatalf("%d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, want := range []string{"window[namespace]", "Buttons: Buttons", "Pay with PayPal (test)", base + `"`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("SDK lacks %q", want)
		}
	}
}

func TestObserverIsToldEveryCallAndItsOutcome(t *testing.T) {
	ctx := context.Background()
	_, base := paypaltest.Start(t)
	c := paypal.New(base, paypaltest.ClientID, paypaltest.ClientSecret)
	var calls []string
	c.Observe(func(op, outcome string, took time.Duration) {
		if took < 0 {
			t.Errorf("%s took %v", op, took)
		}
		calls = append(calls, op+" "+outcome)
	})
	created, err := c.CreateOrder(ctx, "create-1", order())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.CaptureOrder(ctx, "capture-1", created.ID); err != nil {
		t.Fatal(err)
	}
	_, _ = c.CaptureOrder(ctx, "capture-2", created.ID) // already captured: refused
	down := paypal.New("http://127.0.0.1:1", "id", "secret")
	down.Observe(func(op, outcome string, _ time.Duration) { calls = append(calls, op+" "+outcome) })
	_, _ = down.GetOrder(ctx, "X")

	want := []string{"oauth_token ok", "create_order ok", "capture_order ok", "capture_order refused", "oauth_token unreachable"}
	if !slices.Equal(calls, want) {
		t.Errorf("calls %q, want %q", calls, want)
	}
}
