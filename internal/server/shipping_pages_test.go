package server_test

import (
	"strings"
	"testing"

	"bookshop/internal/auth"
	"bookshop/internal/db"
	"bookshop/internal/db/dbtest"
)

// /shipping and the FAQ are rendered from the shop's shipping settings: a
// manager's save shows on the next request, so they say what the checkout
// charges.
func TestShippingPagesFollowTheSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := renderingShop(t, d)
		// The FAQ's answers open on a click: its page carries the settings they are written from.
		if body := e.Do("GET", "/shipping", nil, "").Expect(t, 200).Body; !strings.Contains(body, "$12.99") {
			t.Error("/shipping does not state international standard's $12.99")
		}
		if body := e.Do("GET", "/faq", nil, "").Expect(t, 200).Body; !strings.Contains(body, `"priceCents":1299`) {
			t.Error("/faq does not carry the shipping settings")
		}
		e.Staff("mgr", auth.RoleManager)
		settings := e.Do("GET", "/api/admin/settings", nil, "mgr").Expect(t, 200).JSON(t)
		intl := settings["zones"].([]any)[1].(map[string]any)["methods"].([]any)[0].(map[string]any)
		intl["priceCents"] = 1555
		delete(settings, "updatedAt") // the server's, not a field of the save
		e.Do("PUT", "/api/admin/settings", settings, "mgr").Expect(t, 200)
		if body := e.Do("GET", "/shipping", nil, "").Expect(t, 200).Body; !strings.Contains(body, "$15.55") || strings.Contains(body, "$12.99") {
			t.Error("/shipping does not follow the saved price")
		}
		if body := e.Do("GET", "/faq", nil, "").Expect(t, 200).Body; !strings.Contains(body, `"priceCents":1555`) {
			t.Error("/faq does not follow the saved price")
		}
	})
}
