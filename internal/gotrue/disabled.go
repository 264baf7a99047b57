package gotrue

import (
	"net/http"
	"regexp"
	"strings"
)

// The shop offers e-mail, password, magic-link, Google and passkey sign-in,
// with TOTP and WebAuthn second factors, and links a Google account to an
// account (identities.go). GoTrue has more (phone, anonymous, SAML SSO,
// phone factors, Web3), and passkeys are off when SITE_URL has no host
// name; here they respond as a GoTrue server with
// the feature turned off does, with its codes, statuses and messages
// (supabase/auth internal/api), so @supabase/auth-js reports them properly.
var (
	errPhoneSignupDisabled    = badRequest("phone_provider_disabled", "Phone signups are disabled")
	errPhoneLoginDisabled     = unprocessable("phone_provider_disabled", "Phone logins are disabled")
	errPhoneOTPDisabled       = badRequest("phone_provider_disabled", "Unsupported phone provider")
	errPhoneResendDisabled    = badRequest("phone_provider_disabled", "Phone logins are disabled")
	errAnonymousDisabled      = unprocessable("anonymous_provider_disabled", "Anonymous sign-ins are disabled")
	errSAMLDisabled           = notFound("saml_provider_disabled", "SAML 2.0 is disabled")
	errPasskeysDisabled       = notFound("passkey_disabled", "Passkeys are disabled")
	errWeb3Disabled           = unprocessable("web3_provider_disabled", "Web3 provider is disabled")
	errPhoneFactorDisabled    = unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone")
	errWebAuthnFactorDisabled = unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn")
	// GoTrue responds to an unknown grant_type with this code and message.
	errUnsupportedGrant = badRequest("invalid_credentials", "unsupported_grant_type")
)

// RefuseSAML responds to GoTrue's SAML SSO routes (auth-js signInWithSSO);
// GoTrue checks SAML before anything else.
func (s *Service) RefuseSAML(http.ResponseWriter, *http.Request) error { return errSAMLDisabled }

// refusePhoneOrAnonymous is the sign-up's check, as GoTrue's: a phone
// number instead of an e-mail is a phone sign-up, and neither is an
// anonymous sign-in; both are off.
func refusePhoneOrAnonymous(email, phone string) error {
	switch {
	case strings.TrimSpace(email) != "":
		return nil
	case strings.TrimSpace(phone) != "":
		return errPhoneSignupDisabled
	}
	return errAnonymousDisabled
}

// refuseFactorType refuses the factor types GoTrue has and the shop does not offer.
func refuseFactorType(factorType string) error {
	switch factorType {
	case "phone":
		return errPhoneFactorDisabled
	}
	return nil
}

// WriteNoRoute responds to a path under /auth/v1 that matches no route (err is
// the 404 or 405 internal/server made of it) in GoTrue's error shape, with
// the CORS headers of every /auth/v1 response.
func (s *Service) WriteNoRoute(w http.ResponseWriter, r *http.Request, err error) {
	s.setCORSHeaders(w, r)
	writeError(w, r, err)
}

// e164 is GoTrue's phone number check, after its formatPhoneNumber drops
// spaces, dashes, brackets and the plus sign.
var e164 = regexp.MustCompile(`^[1-9][0-9]{1,14}$`)

// refusePhoneCode is GoTrue's answer to a phone code (verify type sms or
// phone_change) for a number no account has, which is every number here:
// the shop keeps none.
func refusePhoneCode(phone string) error {
	if !e164.MatchString(strings.NewReplacer(" ", "", "-", "", "(", "", ")", "", "+", "").Replace(phone)) {
		return badRequest("validation_failed", "Invalid phone number format (E.164 required)")
	}
	return forbidden("otp_expired", "Token has expired or is invalid")
}
