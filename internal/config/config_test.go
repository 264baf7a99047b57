package config

import (
	"strings"
	"testing"
)

func env(m map[string]string) Lookup {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestDefaults(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 8080 || c.DatabaseURL != "sqlite:./data/bookshop.db" || c.SiteURL != "http://localhost:8080" || c.Dev {
		t.Fatalf("unexpected defaults: %+v", c)
	}
}

func TestBadValuesNameTheVariable(t *testing.T) {
	tests := map[string]map[string]string{
		"PORT":          {"PORT": "eighty"},
		"DATABASE_URL":  {"DATABASE_URL": "mysql://x"},
		"SITE_URL":      {"SITE_URL": "localhost"},
		"BOOKSHOP_DEV":  {"BOOKSHOP_DEV": "maybe"},
		"SMTP_URL":      {"SMTP_URL": "mail.example.com"},
		"PAYPAL_CLIENT": {"PAYPAL_CLIENT_ID": "only-id"},
	}
	for name, vars := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Load(env(vars))
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Fatalf("error %v does not name %s", err, name)
			}
		})
	}
}

func TestSiteURLFollowsPort(t *testing.T) {
	c, err := Load(env(map[string]string{"PORT": "9000", "BOOKSHOP_DEV": "1"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.SiteURL != "http://localhost:9000" || !c.Dev {
		t.Fatalf("got %+v", c)
	}
}
