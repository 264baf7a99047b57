package httpx

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestRecoverTurnsPanicIntoJSON500(t *testing.T) {
	h := Recover(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/x", nil))
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), `"code":"internal"`) {
		t.Fatalf("got %d %s", rec.Code, rec.Body)
	}
	if strings.Contains(rec.Body.String(), "boom") {
		t.Fatal("panic value leaked to the client")
	}
}

func TestDecodeJSONErrors(t *testing.T) {
	tests := []struct {
		name, contentType, body, wantCode string
	}{
		{"empty body", "application/json", "", CodeInvalid},
		{"malformed", "application/json", "{", CodeInvalid},
		{"wrong type", "application/json", `{"n":"x"}`, CodeInvalid},
		{"two values", "application/json", `{} {}`, CodeInvalid},
		{"not json", "text/plain", `{}`, CodeUnsupported},
		{"too large", "application/json", `{"s":"` + strings.Repeat("a", 100) + `"}`, CodeTooLarge},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", "/", strings.NewReader(tc.body))
			req.Header.Set("Content-Type", tc.contentType)
			req.Body = http.MaxBytesReader(httptest.NewRecorder(), req.Body, 50)
			var v struct {
				N int    `json:"n"`
				S string `json:"s"`
			}
			err := DecodeJSON(req, &v)
			if got := AsError(err).Code; got != tc.wantCode {
				t.Fatalf("code %q, want %q (err %v)", got, tc.wantCode, err)
			}
		})
	}
}
