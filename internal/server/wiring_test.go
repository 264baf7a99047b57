package server

import (
	"reflect"
	"testing"

	"bookshop/internal/config"
)

// Every setting the account service declares is handed over from the
// configuration, so a new field cannot silently stay zero in production.
func TestAuthSettingsCarryEveryField(t *testing.T) {
	cfg, err := config.Load(func(k string) (string, bool) {
		v, ok := map[string]string{"JWT_SECRET": "a-secret-of-at-least-thirty-two-characters", "EMAIL_COOLDOWN_SECONDS": "7",
			"MAILER_AUTOCONFIRM": "1", "DISABLE_SIGNUP": "1", "AUTH_CORS_ORIGINS": "http://app.test",
			"GOOGLE_CLIENT_ID": "id", "GOOGLE_CLIENT_SECRET": "secret", "AUTH_SERVICE_ROLE_KEY": "a-service-role-key-of-thirty-two-chars"}[k]
		return v, ok
	})
	if err != nil {
		t.Fatal(err)
	}
	got := reflect.ValueOf(authSettings(cfg))
	for i := range got.NumField() {
		name := got.Type().Field(i).Name
		want := reflect.ValueOf(cfg).FieldByName(name)
		if !want.IsValid() || want.IsZero() {
			t.Fatalf("config.Config.%s is missing or zero in this test", name)
		}
		if !reflect.DeepEqual(got.Field(i).Interface(), want.Interface()) {
			t.Errorf("auth.Settings.%s = %v, config has %v", name, got.Field(i), want)
		}
	}
}
