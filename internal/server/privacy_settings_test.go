package server

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"bookshop/internal/account"
	"bookshop/internal/config"
)

// TestPrerenderedPrivacySettingsAreTheDefaults: the prerendered /privacy
// publishes the retention schedule and the notice's version from the
// build's settings (web/scripts/prerender.mjs), which must be the server's
// defaults, or a default deployment's page would hydrate other numbers.
func TestPrerenderedPrivacySettingsAreTheDefaults(t *testing.T) {
	script, err := os.ReadFile("../../web/scripts/prerender.mjs")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(func(string) (string, bool) { return "", false })
	if err != nil {
		t.Fatal(err)
	}
	s := scheduleOf(cfg)
	want := []string{
		fmt.Sprintf("noticeVersion: '%s'", account.NoticeVersion),
		fmt.Sprintf("unusedAccountMonths: %d,", s.UnusedAccountMonths),
		fmt.Sprintf("deletionWarningDays: %d,", s.DeletionWarningDays),
		fmt.Sprintf("deviceMonths: %d,", s.DeviceMonths),
		fmt.Sprintf("signInDays: %d,", s.SignInDays),
		fmt.Sprintf("contactMonths: %d,", s.ContactMonths),
		fmt.Sprintf("sentMailDays: %d,", s.SentMailDays),
		fmt.Sprintf("dreamMonths: %d ", s.DreamMonths),
	}
	for _, w := range want {
		if !strings.Contains(string(script), w) {
			t.Errorf("web/scripts/prerender.mjs does not say %q", w)
		}
	}
}
