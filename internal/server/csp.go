package server

import (
	"net/url"
	"strings"

	"bookshop/internal/config"
)

// contentSecurityPolicy allows the app's own origin and, when PayPal is
// configured, the origins its SDK loads scripts, frames and images from.
// Inline styles are allowed because Radix and sonner position elements with
// style attributes; scripts are never inline.
func contentSecurityPolicy(cfg config.Config) string {
	script := []string{"'self'"}
	connect := []string{"'self'"}
	frame := []string{"'self'"}
	img := []string{"'self'", "data:", "blob:"}
	if cfg.PayPalEnabled() {
		paypal := []string{"https://*.paypal.com", "https://*.paypalobjects.com"}
		if u, err := url.Parse(cfg.PayPalSDKURL); err == nil && u.Host != "" {
			paypal = append(paypal, u.Scheme+"://"+u.Host)
		}
		script = append(script, paypal...)
		connect = append(connect, paypal...)
		frame = append(frame, paypal...)
		img = append(img, paypal...)
	}
	directives := []string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src 'self' 'unsafe-inline'",
		"img-src " + strings.Join(img, " "),
		"font-src 'self' data:",
		"connect-src " + strings.Join(connect, " "),
		"frame-src " + strings.Join(frame, " "),
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}
	return strings.Join(directives, "; ")
}
