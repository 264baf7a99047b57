package httpx

import (
	"net/http"
	"net/http/httptest"
	"reflect"
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

// strictID refuses anything but "ok" with an *Error of its own, as orders'
// BookID does.
type strictID string

func (s *strictID) UnmarshalJSON(b []byte) error {
	if string(b) != `"ok"` {
		return Invalid("Each item needs the numeric id of its book.", map[string]string{"items": "Invalid book id"})
	}
	*s = "ok"
	return nil
}

func TestDecodeJSONErrorDetails(t *testing.T) {
	tests := []struct {
		name, body, wantMessage string
		wantFields              map[string]string
	}{
		{"custom unmarshaler's error passes through", `{"id":"x"}`, "Each item needs the numeric id of its book.", map[string]string{"items": "Invalid book id"}},
		{"nested custom error passes through", `{"ids":["ok","x"]}`, "Each item needs the numeric id of its book.", map[string]string{"items": "Invalid book id"}},
		{"array body names the body", `[1,2]`, "A field has the wrong type.", map[string]string{"body": "Wrong type"}},
		{"string body names the body", `"hello"`, "A field has the wrong type.", map[string]string{"body": "Wrong type"}},
		{"wrong field type names the field", `{"n":"x"}`, "A field has the wrong type.", map[string]string{"n": "Wrong type"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", "/", strings.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/json")
			var v struct {
				N   int        `json:"n"`
				ID  strictID   `json:"id"`
				IDs []strictID `json:"ids"`
			}
			e := AsError(DecodeJSON(req, &v))
			if e.Code != CodeInvalid || e.Message != tc.wantMessage || !reflect.DeepEqual(e.Fields, tc.wantFields) {
				t.Fatalf("got %+v, want %q %v", e, tc.wantMessage, tc.wantFields)
			}
		})
	}
}

func TestValidateURL(t *testing.T) {
	reached := false
	h := ValidateURL(WriteError)(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { reached = true }))
	tests := []struct {
		target, field string // field "": the request goes through
	}{
		{"/api/orders/%FF%FE", "path"},
		{"/api/books/%C0%AF", "path"},
		{"/books/a%00b", "path"},
		{"/api/dreams?%FE=1", "query"},
		{"/api/dreams?%00=1", "query"},
		{"/api/books/%E2%9C%93?q=%C3%A9t%C3%A9", ""},
		{"/", ""},
		{"/api/books?q=two%0Alines%09tabbed", ""},
	}
	for _, tc := range tests {
		reached = false
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", tc.target, nil))
		if tc.field == "" {
			if !reached || rec.Code != 200 {
				t.Errorf("%s: refused (%d %s)", tc.target, rec.Code, rec.Body)
			}
			continue
		}
		if reached || rec.Code != 400 || !strings.Contains(rec.Body.String(), `"fields":{"`+tc.field+`":"Must be UTF-8 text"}`) {
			t.Errorf("%s: reached %v, %d %s", tc.target, reached, rec.Code, rec.Body)
		}
	}
	// Issue 38 item 19: a parameter that is not text is named.
	for target, param := range map[string]string{
		"/api/dreams?kid=%FF": "kid", "/api/admin/customers?q=%00": "q", "/api/admin/audit?kind=book&actor=a%00b": "actor",
		"/api/admin/books?q=%7F": "q",
	} {
		reached = false
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		if reached || rec.Code != 400 || !strings.Contains(rec.Body.String(), `"fields":{"`+param+`":"Must be text without control characters"}`) {
			t.Errorf("%s: reached %v, %d %s", target, reached, rec.Code, rec.Body)
		}
	}
}
