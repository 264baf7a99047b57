package account

import (
	"context"
	"sync"
	"testing"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

const (
	iPhoneUA  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
	iPadUA    = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1"
	desktopUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
)

func TestDescribeDeviceFromUserAgent(t *testing.T) {
	cases := []struct {
		ua, typ, model, os, browser string
	}{
		{iPhoneUA, "Mobile", "iPhone", "iOS", "Safari 17.4"},
		{iPadUA, "Tablet", "iPad", "iOS", "Safari 16.6"},
		{desktopUA, "Desktop", "PC", "Windows", "Chrome 124.0.0.0"},
		{"", "Desktop", "Unknown", "Unknown", "Unknown"},
	}
	for _, c := range cases {
		d, err := describeDevice(c.ua, DeviceReport{ScreenResolution: "390x844", PlatformArchitecture: "ARM64"})
		if err != nil {
			t.Fatalf("%q: %v", c.ua, err)
		}
		if d.DeviceType != c.typ || d.DeviceModel != c.model || d.OperatingSystem != c.os || d.BrowserInfo != c.browser {
			t.Errorf("%q: got %s / %s / %s / %s, want %s / %s / %s / %s", c.ua, d.DeviceType, d.DeviceModel, d.OperatingSystem,
				d.BrowserInfo, c.typ, c.model, c.os, c.browser)
		}
	}
	bad := []DeviceReport{
		{ScreenResolution: "wide", PlatformArchitecture: "x86_64"},
		{ScreenResolution: "0x0"},
		{PlatformArchitecture: "RISC-V"},
	}
	for _, r := range bad {
		if _, err := describeDevice(desktopUA, r); err == nil {
			t.Errorf("%+v accepted", r)
		}
	}
}

// Concurrent sign-ins from the same kind of device end in one row with the
// latest timestamp, and a second kind of device adds a row listed first.
func TestTrackDeviceUpsertsUnderConcurrentSignIns(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := New(d, nil, Parts{})
		parent, other := newUser(t, d), newUser(t, d)

		var wg sync.WaitGroup
		errs := make(chan error, 16)
		for range 16 {
			wg.Go(func() {
				_, err := s.trackDevice(ctx, parent, iPhoneUA, DeviceReport{ScreenResolution: "390x844", PlatformArchitecture: "ARM64"})
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("concurrent sign-in: %v", err)
			}
		}
		devices, err := listDevices(ctx, d, parent)
		if err != nil || len(devices) != 1 {
			t.Fatalf("%d rows after 16 sign-ins from one iPhone (%v), want 1", len(devices), err)
		}
		first := devices[0]

		later := time.Now().UTC().Add(time.Hour)
		s.clock = func() time.Time { return later }
		if _, err := s.trackDevice(ctx, parent, desktopUA, DeviceReport{ScreenResolution: "1440x900", PlatformArchitecture: "x86_64"}); err != nil {
			t.Fatal(err)
		}
		devices, _ = listDevices(ctx, d, parent)
		if len(devices) != 2 || devices[0].DeviceType != "Desktop" || devices[1].ID != first.ID {
			t.Fatalf("devices %+v, want the desktop first and the iPhone kept", devices)
		}
		s.clock = func() time.Time { return later.Add(time.Hour) }
		again, _ := s.trackDevice(ctx, parent, iPhoneUA, DeviceReport{ScreenResolution: "390x844", PlatformArchitecture: "ARM64"})
		devices, _ = listDevices(ctx, d, parent)
		if len(devices) != 2 || devices[0].ID != first.ID || again.ID != first.ID {
			t.Fatalf("a new iPhone sign-in must refresh its row and list it first: %+v", devices)
		}
		if others, _ := listDevices(ctx, d, other); len(others) != 0 {
			t.Fatalf("another user sees %d devices", len(others))
		}
	})
}

// The switch's last choice is saved per parent, the time with it.
func TestCommunicationsChoiceIsSaved(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		parent, other := newUser(t, d), newUser(t, d)
		saved := func(userID string) (subscribed bool, rows int) {
			t.Helper()
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(MAX(CASE WHEN subscribed THEN 1 ELSE 0 END), 0) = 1
				FROM user_communications WHERE user_id = ?`, userID).Scan(&rows, &subscribed); err != nil {
				t.Fatal(err)
			}
			return subscribed, rows
		}
		for _, want := range []bool{false, true, false} {
			if err := upsertCommunications(ctx, d, parent, want, time.Now()); err != nil {
				t.Fatal(err)
			}
			if got, rows := saved(parent); got != want || rows != 1 {
				t.Fatalf("after saving %v: %v in %d rows", want, got, rows)
			}
		}
		if _, rows := saved(other); rows != 0 {
			t.Fatal("another user's choice was saved")
		}
	})
}
