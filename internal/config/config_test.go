package config

import (
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) Lookup {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestDefaults(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 8080 || c.DatabaseURL != "sqlite:./data/bookshop.db" || c.SiteURL != "http://localhost:8080" || c.Dev ||
		c.ReconcileInterval != time.Minute || c.PendingOrderHold != 30*time.Minute || c.CleanupInterval != 10*time.Minute {
		t.Fatalf("unexpected defaults: %+v", c)
	}
	if c.ShopTimeZone == nil || c.ShopTimeZone.String() != "America/Chicago" {
		t.Fatalf("SHOP_TIME_ZONE %v, want America/Chicago", c.ShopTimeZone)
	}
	// The retention schedule of issue 30.
	if c.UnusedAccountMonths != 24 || c.DeletionWarningDays != 30 || c.DeviceMonths != 12 || c.SignInDays != 90 ||
		c.ContactMonths != 24 || c.SentMailDays != 90 || c.DreamMonths != 12 {
		t.Fatalf("unexpected retention defaults: %+v", c)
	}
}

func TestBadValuesNameTheVariable(t *testing.T) {
	tests := map[string]map[string]string{
		"PORT":                             {"PORT": "eighty"},
		"PORT (out of range)":              {"PORT": "65536"},
		"EMAIL_COOLDOWN_SECONDS":           {"EMAIL_COOLDOWN_SECONDS": "3601"},
		"MAILER_AUTOCONFIRM":               {"MAILER_AUTOCONFIRM": "sometimes"},
		"DISABLE_SIGNUP":                   {"DISABLE_SIGNUP": "2"},
		"DATABASE_URL":                     {"DATABASE_URL": "mysql://x"},
		"SITE_URL":                         {"SITE_URL": "localhost"},
		"BOOKSHOP_DEV":                     {"BOOKSHOP_DEV": "maybe"},
		"SMTP_URL":                         {"SMTP_URL": "mail.example.com"},
		"PAYPAL_CLIENT":                    {"PAYPAL_CLIENT_ID": "only-id"},
		"RATE_LIMIT_PER_MINUTE":            {"RATE_LIMIT_PER_MINUTE": "0"},
		"METRICS_TOKEN":                    {"METRICS_TOKEN": "short"},
		"MAIL_EVENTS_SECRET":               {"MAIL_EVENTS_SECRET": "short"},
		"MAIL_FROM_MARKETING":              {"MAIL_FROM_MARKETING": "news"},
		"CAMPAIGN_RATE_PER_MINUTE":         {"CAMPAIGN_RATE_PER_MINUTE": "0"},
		"TRUSTED_PROXIES":                  {"TRUSTED_PROXIES": "10.0.0.0/8, proxy.local"},
		"ORDER_RECONCILE_INTERVAL_SECONDS": {"ORDER_RECONCILE_INTERVAL_SECONDS": "0"},
		"PENDING_ORDER_HOLD_MINUTES":       {"PENDING_ORDER_HOLD_MINUTES": "4"},
		"PENDING_ORDER_EXPIRY_MINUTES":     {"PENDING_ORDER_EXPIRY_MINUTES": "4"},
		"CLEANUP_INTERVAL_SECONDS":         {"CLEANUP_INTERVAL_SECONDS": "often"},
		"SHOP_TIME_ZONE":                   {"SHOP_TIME_ZONE": "Chicago"},
		"RETENTION_DREAM_MONTHS":           {"RETENTION_DREAM_MONTHS": "0"},
		"RETENTION_SIGN_IN_DAYS":           {"RETENTION_SIGN_IN_DAYS": "ninety"},
		"BACKUP_EVERY":                     {"BACKUP_EVERY": "daily"},
		"BACKUP_EVERY (too often)":         {"BACKUP_EVERY": "5s"},
		"BACKUP_KEEP":                      {"BACKUP_KEEP": "0"},
		"BACKUP_S3_URL":                    {"BACKUP_S3_URL": "https://bucket.example.com"},
		"BACKUP_AGE_RECIPIENT":             {"BACKUP_AGE_RECIPIENT": "ssh-ed25519 AAAA"},
	}
	for name, vars := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Load(env(vars))
			if err == nil || !strings.Contains(err.Error(), strings.Fields(name)[0]) {
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

func TestRateLimitAndProxies(t *testing.T) {
	tests := []struct {
		name    string
		vars    map[string]string
		want    int
		proxies int
	}{
		{"default", nil, 30, 0},
		{"set", map[string]string{"RATE_LIMIT_PER_MINUTE": "50"}, 50, 0},
		{"trusted proxies", map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8,192.0.2.7"}, 30, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Load(env(tc.vars))
			if err != nil {
				t.Fatal(err)
			}
			if c.RateLimitPerMinute != tc.want || len(c.TrustedProxies) != tc.proxies {
				t.Fatalf("rate %d, proxies %v", c.RateLimitPerMinute, c.TrustedProxies)
			}
		})
	}
}

func TestParseTrustedProxies(t *testing.T) {
	for _, bad := range []string{"10.0.0.0/33", "not-an-ip", "10.0.0.1/8/2"} {
		if _, err := parseTrustedProxies(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	got, err := parseTrustedProxies(" , 10.1.2.3/8 ,::ffff:192.0.2.1")
	if err != nil || len(got) != 2 || got[0].String() != "10.0.0.0/8" || got[1].String() != "192.0.2.1/32" {
		t.Fatalf("got %v, %v", got, err)
	}
}

// Passkeys belong to SITE_URL's host; AUTH_CORS_ORIGINS adds only origins a
// browser would allow that relying party id on; a loopback IP becomes
// localhost, any other IP turns passkeys off.
func TestWebAuthnRelyingParty(t *testing.T) {
	for _, tc := range []struct {
		site, cors, rpID string
		origins          []string
	}{
		{"https://shop.example", "https://admin.shop.example, https://other.example", "shop.example",
			[]string{"https://shop.example", "https://admin.shop.example"}},
		{"http://localhost:8080", "", "localhost", []string{"http://localhost:8080"}},
		{"http://127.0.0.1:18090", "", "localhost", []string{"http://localhost:18090"}},
		{"http://192.0.2.7", "", "", nil},
	} {
		c, err := Load(env(map[string]string{"SITE_URL": tc.site, "AUTH_CORS_ORIGINS": tc.cors}))
		if err != nil {
			t.Fatal(err)
		}
		if c.WebAuthnRPID != tc.rpID || strings.Join(c.WebAuthnOrigins, " ") != strings.Join(tc.origins, " ") {
			t.Errorf("SITE_URL %s: relying party %q %v, want %q %v", tc.site, c.WebAuthnRPID, c.WebAuthnOrigins, tc.rpID, tc.origins)
		}
	}
}

func TestBackupSettings(t *testing.T) {
	c, err := Load(env(map[string]string{"DATABASE_URL": "sqlite:/srv/shop/bookshop.db"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.BackupEvery != 24*time.Hour || c.BackupKeep != 14 || c.BackupDir != "/srv/shop/backups" || c.CheckScheduledBackups() != nil {
		t.Fatalf("backup defaults on SQLite: %+v", c)
	}
	c, err = Load(env(map[string]string{"DATABASE_URL": "postgres://u:p@db/shop", "BACKUP_EVERY": "6h"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.CheckScheduledBackups(); err == nil || !strings.Contains(err.Error(), "BACKUP_DIR") {
		t.Fatalf("PostgreSQL without BACKUP_DIR: %v", err)
	}
	c, err = Load(env(map[string]string{"DATABASE_URL": "postgres://u:p@db/shop", "BACKUP_EVERY": "0",
		"BACKUP_S3_URL": "s3://k:s@minio:9000/shop?path-style=true", "BACKUP_AGE_RECIPIENT": "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p"}))
	if err != nil || c.BackupEvery != 0 || c.CheckScheduledBackups() != nil {
		t.Fatalf("backups off on PostgreSQL: %v %+v", err, c)
	}
}

func TestFilesSettings(t *testing.T) {
	c, err := Load(env(map[string]string{"DATABASE_URL": "sqlite:/srv/shop/bookshop.db"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.FilesDir != "/srv/shop/files" || c.FilesS3URL != "" || c.FilesMaxBytes != 100<<20 ||
		c.DownloadLinkTTL != 24*time.Hour || c.DownloadLimit != 10 {
		t.Fatalf("files defaults on SQLite: %+v", c)
	}
	c, err = Load(env(map[string]string{"DATABASE_URL": "postgres://u:p@db/shop", "FILES_MAX_MB": "250",
		"FILES_S3_URL": "s3://k:s@minio:9000/shop/files?path-style=true", "DOWNLOAD_LINK_HOURS": "2", "DOWNLOAD_LIMIT": "3"}))
	if err != nil || c.FilesDir != "" || c.FilesMaxBytes != 250<<20 || c.DownloadLinkTTL != 2*time.Hour || c.DownloadLimit != 3 {
		t.Fatalf("files on PostgreSQL: %v %+v", err, c)
	}
	for key, bad := range map[string]string{"FILES_MAX_MB": "0", "DOWNLOAD_LINK_HOURS": "a day", "DOWNLOAD_LIMIT": "-1",
		"FILES_S3_URL": "https://bucket.example.com"} {
		if _, err := Load(env(map[string]string{key: bad})); err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("%s=%q: %v, want an error naming it", key, bad, err)
		}
	}
}
