package mail

import (
	"strings"
	"testing"
)

func TestValidEmail(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"maya@example.com", true},
		{"Maya.Parent+books@Example.co.uk", true},
		{"", false},
		{"maya.example.com", false},
		{"maya@example", false},
		{"maya@.example.com", false},
		{"maya@example.com.", false},
		{"@example.com", false},
		{"Maya <maya@example.com>", false},
		{"<maya@example.com>", false},
		{"a@example.com, b@example.com", false},
		{" maya@example.com", false},
		{"maya@example.com\r\nBcc: x@example.com", false},
		{strings.Repeat("a", 64) + "@" + strings.Repeat("b", 186) + ".com", false}, // 255 bytes
	}
	for _, tc := range tests {
		if got := ValidEmail(tc.in); got != tc.want {
			t.Errorf("ValidEmail(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
