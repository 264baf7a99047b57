package httpx

import "testing"

func TestHasVisibleLetter(t *testing.T) {
	for s, want := range map[string]bool{
		"Maya":                     true,
		"Zoë":                      true,
		"李":                        true,
		"J.":                       true,
		"":                         false,
		"   ":                      false,
		"\u200b\u200c\u200d":       false, // zero-width space, non-joiner, joiner
		"\u2060\ufeff":             false, // word joiner, byte order mark
		"\u3164\u115f\u1160\uffa0": false, // Hangul fillers
		"\u0301":                   false, // a combining accent alone
		"12":                       false,
		"-_.":                      false,
	} {
		if got := HasVisibleLetter(s); got != want {
			t.Errorf("HasVisibleLetter(%q) = %v, want %v", s, got, want)
		}
	}
}

// optional decodes itself, as a body's optional field does.
type optional struct{ V string }

func (o *optional) UnmarshalJSON(b []byte) error { return nil }

func TestCheckTextNamesAFieldThatDecodesItself(t *testing.T) {
	body := struct {
		Code optional `json:"code"`
	}{optional{"a\x07"}}
	err := CheckText(&body)
	e, ok := err.(*Error)
	if !ok || e.Fields["code"] == "" {
		t.Fatalf("CheckText = %v, want the field code named", err)
	}
}

func TestLooksLikeEmail(t *testing.T) {
	for s, want := range map[string]bool{
		"ann@example.com": true, "a.b+c@mail.example.org": true,
		"ann": false, "ann@": false, "@example.com": false, "ann@example": false, "ann@example.": false,
		"ann@.com": false, "ann lee@example.com": false, "a@b@example.com": false, "": false,
	} {
		if LooksLikeEmail(s) != want {
			t.Errorf("LooksLikeEmail(%q) = %v", s, !want)
		}
	}
}
