package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
)

// benchPost POSTs body to h as a client on loopback and decodes a 200.
func benchPost(b *testing.B, h http.Handler, path string, body any, headers map[string]string, out any) {
	raw, _ := json.Marshal(body)
	req := httptest.NewRequest("POST", path, bytes.NewReader(raw))
	req.RemoteAddr = "127.0.0.1:1234"
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("POST %s: %d %s", path, rec.Code, rec.Body)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRefreshRotation is one refresh-token rotation through every
// middleware on SQLite, what `make load`'s refresh phase repeats: profile
// it with -cpuprofile to see where a rotation's time goes.
func BenchmarkRefreshRotation(b *testing.B) {
	h := benchHandler(b, "MAILER_AUTOCONFIRM", "true", "RATE_LIMIT_PER_MINUTE", "100000000")
	var s struct {
		RefreshToken string `json:"refresh_token"`
	}
	benchPost(b, h, "/auth/v1/signup", map[string]string{"email": "bench@example.com", "password": "Bench,pass1!"}, nil, &s)
	b.ReportAllocs()
	for b.Loop() {
		benchPost(b, h, "/auth/v1/token?grant_type=refresh_token", map[string]string{"refresh_token": s.RefreshToken}, nil, &s)
	}
}

// BenchmarkDemoOrder is one demo-card order by a guest, as `make load`'s
// orders phase sends them.
func BenchmarkDemoOrder(b *testing.B) {
	h := benchHandler(b, "RATE_LIMIT_PER_MINUTE", "100000000")
	var n atomic.Int64
	body := map[string]any{"action": "demo_payment", "method": "card",
		"items":  []map[string]any{{"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99}},
		"amount": 21.99, "shippingInfo": map[string]any{"fullName": "Olive Owner", "email": "olive@example.com",
			"address": "12 Story Lane", "city": "Springfield", "state": "IL", "zipCode": "62701", "country": "US"}}
	b.ReportAllocs()
	for b.Loop() {
		key := fmt.Sprintf("bench-%s", strconv.FormatInt(n.Add(1), 10))
		benchPost(b, h, "/functions/v1/process-payment", body, map[string]string{"Idempotency-Key": key}, nil)
	}
}
