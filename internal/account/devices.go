package account

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/mileusna/useragent"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// Device is a kind of device the parent signed in from (spec 02 §3 "User
// device"); a sign-in from the same kind refreshes LoginTimestamp.
type Device struct {
	ID                   string    `json:"id"`
	DeviceType           string    `json:"device_type"` // Mobile, Tablet or Desktop
	DeviceModel          string    `json:"device_model"`
	OperatingSystem      string    `json:"operating_system"`
	OSVersion            string    `json:"os_version"`
	BrowserInfo          string    `json:"browser_info"`
	ScreenResolution     string    `json:"screen_resolution"`
	PlatformArchitecture string    `json:"platform_architecture"`
	UserAgent            string    `json:"user_agent"`
	LoginTimestamp       time.Time `json:"login_timestamp"`
}

// DeviceReport is what the browser adds to its User-Agent after a sign-in:
// what only the client knows.
type DeviceReport struct {
	ScreenResolution     string `json:"screen_resolution"`     // "1440x900"
	PlatformArchitecture string `json:"platform_architecture"` // x86_64, x86, ARM64, ARM or Unknown
}

var architectures = map[string]bool{"x86_64": true, "x86": true, "ARM64": true, "ARM": true, "Unknown": true}

// maxUserAgent caps the stored User-Agent; real ones are a few hundred bytes.
const maxUserAgent = 512

// describeDevice reads the device from the User-Agent with a maintained
// parser and the client's report, refusing a malformed report.
func describeDevice(userAgent string, r DeviceReport) (Device, error) {
	fields := map[string]string{}
	res := strings.TrimSpace(r.ScreenResolution)
	if res != "" && !validResolution(res) {
		fields["screen_resolution"] = "Use width x height, e.g. 1440x900"
	}
	arch := strings.TrimSpace(r.PlatformArchitecture)
	if arch == "" {
		arch = "Unknown"
	}
	if !architectures[arch] {
		fields["platform_architecture"] = "Use x86_64, x86, ARM64, ARM or Unknown"
	}
	if len(fields) > 0 {
		return Device{}, httpx.Invalid("Please check the device details.", fields)
	}
	ua := stripControl(truncateRunes(strings.ToValidUTF8(strings.TrimSpace(userAgent), ""), maxUserAgent))
	p := useragent.Parse(ua)
	d := Device{
		DeviceType:           deviceType(p),
		OperatingSystem:      orUnknown(stripControl(p.OS)),
		OSVersion:            stripControl(p.OSVersion),
		ScreenResolution:     res,
		PlatformArchitecture: arch,
		UserAgent:            ua,
	}
	d.DeviceModel = deviceModel(p)
	d.BrowserInfo = strings.TrimSpace(orUnknown(stripControl(p.Name)) + " " + stripControl(p.Version))
	return d, nil
}

func deviceType(p useragent.UserAgent) string {
	switch {
	case p.Tablet:
		return "Tablet"
	case p.Mobile:
		return "Mobile"
	default:
		return "Desktop"
	}
}

// deviceModel is the parser's device name (iPhone, iPad, Pixel 7), else a
// name for the kind of computer.
func deviceModel(p useragent.UserAgent) string {
	if m := stripControl(strings.TrimSpace(p.Device)); m != "" {
		return truncateRunes(m, 100)
	}
	switch p.OS {
	case useragent.MacOS:
		return "Mac"
	case useragent.Windows, useragent.Linux, useragent.ChromeOS:
		return "PC"
	}
	return "Unknown"
}

func validResolution(s string) bool {
	var w, h int
	n, err := fmt.Sscanf(s, "%dx%d", &w, &h)
	return err == nil && n == 2 && w > 0 && h > 0 && w < 100000 && h < 100000 && fmt.Sprintf("%dx%d", w, h) == s
}

func orUnknown(s string) string {
	if s == "" {
		return "Unknown"
	}
	return s
}

func stripControl(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// trackDevice records a sign-in from the caller's device.
func (s *Service) trackDevice(ctx context.Context, userID, userAgent string, r DeviceReport) (Device, error) {
	d, err := describeDevice(userAgent, r)
	if err != nil {
		return Device{}, err
	}
	d.LoginTimestamp = s.clock()
	err = s.db.InTx(ctx, func(ctx context.Context, tx *db.Tx) error { return upsertDevice(ctx, tx, userID, &d) })
	if err != nil {
		return Device{}, err
	}
	return d, nil
}

// ForgetDevicesBefore deletes the devices last signed in from before
// cutoff (the retention schedule) and returns how many.
func ForgetDevicesBefore(ctx context.Context, q db.Querier, cutoff time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM user_devices WHERE login_timestamp < ?`, cutoff)
	if err != nil {
		return 0, fmt.Errorf("forget old devices: %w", err)
	}
	return res.RowsAffected()
}
