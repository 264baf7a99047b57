package server

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"bookshop/internal/address"
	"bookshop/internal/auth"
	"bookshop/internal/contact"
	"bookshop/internal/covers"
	"bookshop/internal/dreams"
	"bookshop/internal/files"
	"bookshop/internal/gotrue"
	"bookshop/internal/httpx"
	"bookshop/internal/metrics"
	"bookshop/internal/orders"
	"bookshop/internal/storybooks"
)

// routes is every route of the shop (register), and the app for any other path.
func (s *Server) routes() http.Handler {
	mux := newRouteMux()
	s.register(mux)
	return splitAPI(mux.ServeMux, s.app, s.writeError, appRoute(s.app))
}

// register registers every route of the shop. Read this file to see the
// whole API surface; each feature's handlers live in its own package.
func (s *Server) register(mux *routeMux) {
	h := httpx.Handle
	// limited declares a route's per-client rate limit where it is
	// registered: over it, a 429 with message and Retry-After in the route
	// group's own error shape.
	limited := s.limiter.Limit
	// idempotent declares that a creating route runs once per
	// Idempotency-Key: a repeat with the same key gets the first response
	// (internal/idempotency). Outside limited, so a repeat is not counted.
	idempotent := s.idempotency.Middleware

	mux.Handle("GET /api/health", h(s.health))
	// Health and metrics (health.go, observe.go): liveness, readiness for a
	// load balancer, and Prometheus' scrape with METRICS_TOKEN (404 without).
	mux.Handle("GET /livez", h(s.livez))
	mux.Handle("GET /readyz", h(s.readyz))
	mux.HandleFunc("GET /metrics", s.serveMetrics)
	mux.Handle("GET /api/settings", h(s.settings))

	// Catalogue (internal/catalog): the live snapshot's precomputed JSON
	// with ETags; /api/books with q, minPrice, maxPrice, categories,
	// newOnly, page or perPage is a page of the books that match.
	mux.Handle("GET /api/books", h(s.catalog.ListBooks))
	mux.Handle("GET /api/books/{id}", h(s.catalog.GetBook))
	mux.Handle("GET /api/categories", h(s.catalog.ListCategories))

	// The blog (internal/posts): published posts, ETags; drafts are 404.
	mux.Handle("GET /api/posts", h(s.posts.ListPosts))
	mux.Handle("GET /api/posts/{id}", h(s.posts.GetPost))

	// Orders and payments (internal/orders): the spec's payment function
	// (create_order, capture_order, demo_payment) and the buyer's orders.
	mux.Handle("POST /functions/v1/process-payment", httpx.HandleWith(orders.WriteError, s.orders.ProcessPayment))
	mux.Handle("GET /api/orders", h(s.orders.ListOrders))
	mux.Handle("GET /api/orders/{number}", h(s.orders.GetOrder))
	// A guest's e-mailed link to an order (/order-status?token=, the app's
	// page, asks with the token in the body): that order's status, parcel
	// and refunds, no address beyond the city.
	mux.Handle("POST /api/order-status", h(limited("order_status", "Too many attempts. Please wait a minute and try again.", s.orders.OrderStatus)))
	// PayPal's webhooks: verified with PayPal, applied once per event.
	mux.Handle("POST /api/paypal/webhook", h(s.orders.PayPalWebhook))

	// Shipping, tax and discount codes (internal/shopsettings,
	// internal/discounts): what the checkout offers and how the server
	// prices it; a code is checked against the cart, priced by the server.
	mux.Handle("GET /api/shipping", h(s.prices.GetShipping))
	mux.Handle("GET /api/shipping/methods", h(s.prices.GetShippingMethods))
	// How a country writes an address (internal/address): the checkout's
	// labels and fields, from the dataset the server validates orders with.
	mux.Handle("GET /api/address-formats/{country}", h(address.Serve))
	mux.Handle("POST /api/discounts/check", h(limited("discount_check", "Too many codes tried. Please wait a minute and try again.", s.orders.CheckDiscount)))

	// Newsletter (internal/newsletter) and the checkout's default country (internal/geo).
	// The sign-up is pending until its e-mail's link is followed
	// (/newsletter/confirm, the app's page, calls confirm); a campaign's
	// List-Unsubscribe URL takes RFC 8058's one-click POST without a
	// session, and its GET is the app's page with a button.
	mux.Handle("POST /api/newsletter", h(idempotent(limited("newsletter", "Too many sign-ups. Please wait a minute and try again.", s.newsletter.CreateSubscription))))
	mux.Handle("POST /api/newsletter/confirm", h(limited("newsletter_link", "Too many attempts. Please wait a minute and try again.", s.newsletter.Confirm)))
	mux.Handle("POST /api/newsletter/unsubscribe", h(limited("newsletter_link", "Too many attempts. Please wait a minute and try again.", s.newsletter.Unsubscribe)))
	mux.Handle("POST /newsletter/unsubscribe", h(s.newsletter.OneClickUnsubscribe)) // not limited: a mail provider posts many from few IPs
	// A relay's bounces and complaints (MAIL_EVENTS_SECRET): suppress marketing to the address.
	mux.Handle("POST /api/mail/events", h(s.newsletter.MailEvent))
	// Back in stock (internal/restock): wait for a sold-out book, confirmed by e-mail for a visitor.
	mux.Handle("POST /api/books/{id}/notify", h(limited("stock_alert", "Too many requests. Please wait a minute and try again.", s.restock.Notify)))
	mux.Handle("POST /api/back-in-stock/confirm", h(limited("newsletter_link", "Too many attempts. Please wait a minute and try again.", s.restock.Confirm)))
	mux.Handle("GET /api/geo", h(s.geo.HandleGeo))

	// Contact form (internal/contact): stores the message and e-mails support.
	mux.Handle("POST /functions/v1/send-contact-email", httpx.HandleWith(contact.WriteError,
		idempotent(limited("contact", "Too many messages. Please wait a minute and try again.", s.contact.SendMessage))))

	// Accounts (internal/gotrue): the Supabase-Auth-compatible API that
	// @supabase/auth-js calls, with GoTrue's CORS headers and error shapes
	// (a). Sign-in and e-mail routes are rate-limited per client.
	a, tooMany := s.gotrue.Handle, gotrue.TooManyRequests
	mux.HandleFunc("OPTIONS /auth/v1/", s.gotrue.ServePreflight)
	mux.Handle("GET /auth/v1/settings", a(s.gotrue.GetSettings))
	mux.Handle("GET /auth/v1/.well-known/jwks.json", a(s.gotrue.JWKS))
	mux.Handle("POST /auth/v1/signup", a(limited("signup", tooMany, s.gotrue.SignUp)))
	mux.Handle("POST /auth/v1/token", a(limited("token", tooMany, s.gotrue.IssueToken)))
	mux.Handle("GET /auth/v1/verify", a(limited("verify", tooMany, s.gotrue.VerifyLink)))
	mux.Handle("POST /auth/v1/verify", a(limited("verify", tooMany, s.gotrue.VerifyToken)))
	mux.Handle("POST /auth/v1/otp", a(limited("otp", tooMany, s.gotrue.SendMagicLink)))
	mux.Handle("POST /auth/v1/recover", a(limited("recover", tooMany, s.gotrue.SendPasswordReset)))
	mux.Handle("POST /auth/v1/resend", a(limited("resend", tooMany, s.gotrue.ResendEmail)))
	mux.Handle("GET /auth/v1/verification-status", a(limited("verification_status", tooMany, s.gotrue.GetVerificationStatus)))
	mux.Handle("GET /auth/v1/user", a(s.gotrue.GetUser))
	mux.Handle("PUT /auth/v1/user", a(limited("user", tooMany, s.gotrue.UpdateUser)))
	mux.Handle("GET /auth/v1/reauthenticate", a(limited("reauthenticate", tooMany, s.gotrue.Reauthenticate)))
	mux.Handle("POST /auth/v1/logout", a(s.gotrue.LogOut))
	mux.Handle("GET /auth/v1/authorize", a(limited("authorize", tooMany, s.gotrue.Authorize)))
	mux.Handle("GET /auth/v1/callback", a(s.gotrue.FinishGoogleSignIn))
	mux.Handle("POST /auth/v1/factors", a(limited("factors", tooMany, s.gotrue.EnrollFactor)))
	mux.Handle("POST /auth/v1/factors/recovery_codes", a(limited("factors", tooMany, s.gotrue.RegenerateRecoveryCodes)))
	mux.Handle("POST /auth/v1/factors/{id}/challenge", a(limited("factors", tooMany, s.gotrue.ChallengeFactor)))
	mux.Handle("POST /auth/v1/factors/{id}/verify", a(limited("factors", tooMany, s.gotrue.VerifyFactor)))
	mux.Handle("DELETE /auth/v1/factors/{id}", a(limited("factors", tooMany, s.gotrue.UnenrollFactor)))
	// Passkeys (internal/gotrue/passkeys.go): sign-in with a discoverable credential, and the caller's list.
	// The sign-in's options store nothing (every sign-in form asks for them, for autofill): not limited.
	mux.Handle("POST /auth/v1/passkeys/authentication/options", a(s.gotrue.StartPasskeySignIn))
	mux.Handle("POST /auth/v1/passkeys/authentication/verify", a(limited("passkeys", tooMany, s.gotrue.FinishPasskeySignIn)))
	mux.Handle("POST /auth/v1/passkeys/registration/options", a(limited("passkeys", tooMany, s.gotrue.StartPasskeyRegistration)))
	mux.Handle("POST /auth/v1/passkeys/registration/verify", a(limited("passkeys", tooMany, s.gotrue.FinishPasskeyRegistration)))
	mux.Handle("GET /auth/v1/passkeys", a(s.gotrue.ListPasskeys))
	mux.Handle("PATCH /auth/v1/passkeys/{id}", a(s.gotrue.RenamePasskey))
	mux.Handle("DELETE /auth/v1/passkeys/{id}", a(s.gotrue.DeletePasskey))
	// Linked sign-ins (internal/gotrue/identities.go): Google linked to and unlinked from an account.
	mux.Handle("GET /auth/v1/user/identities/authorize", a(limited("authorize", tooMany, s.gotrue.LinkIdentity)))
	mux.Handle("DELETE /auth/v1/user/identities/{id}", a(s.gotrue.UnlinkIdentity))
	// GoTrue's admin API for the holder of AUTH_SERVICE_ROLE_KEY (internal/gotrue/admin_api.go).
	admin := s.gotrue.ServiceRole
	mux.Handle("GET /auth/v1/admin/users", a(admin(s.gotrue.AdminListUsers)))
	mux.Handle("POST /auth/v1/admin/users", a(admin(s.gotrue.AdminCreateUser)))
	mux.Handle("GET /auth/v1/admin/users/{id}", a(admin(s.gotrue.AdminGetUser)))
	mux.Handle("PUT /auth/v1/admin/users/{id}", a(admin(s.gotrue.AdminUpdateUser)))
	mux.Handle("DELETE /auth/v1/admin/users/{id}", a(admin(s.gotrue.AdminDeleteUser)))
	mux.Handle("GET /auth/v1/admin/users/{id}/factors", a(admin(s.gotrue.AdminListFactors)))
	mux.Handle("PUT /auth/v1/admin/users/{id}/factors/{factorId}", a(admin(s.gotrue.AdminUpdateFactor)))
	mux.Handle("DELETE /auth/v1/admin/users/{id}/factors/{factorId}", a(admin(s.gotrue.AdminDeleteFactor)))
	mux.Handle("GET /auth/v1/admin/users/{id}/passkeys", a(admin(s.gotrue.AdminListPasskeys)))
	mux.Handle("DELETE /auth/v1/admin/users/{id}/passkeys/{passkeyId}", a(admin(s.gotrue.AdminDeletePasskey)))
	mux.Handle("POST /auth/v1/admin/generate_link", a(admin(s.gotrue.AdminGenerateLink)))
	mux.Handle("POST /auth/v1/invite", a(admin(s.gotrue.Invite)))
	// GoTrue's features the shop turns off respond as GoTrue does with them off.
	for pattern, refuse := range map[string]httpx.HandlerFunc{
		"POST /auth/v1/sso": s.gotrue.RefuseSAML, "GET /auth/v1/sso/saml/metadata": s.gotrue.RefuseSAML, "POST /auth/v1/sso/saml/acs": s.gotrue.RefuseSAML,
	} {
		mux.Handle(pattern, a(refuse))
	}

	// The parent's account area (internal/account): the profile, children,
	// devices, communication preference, the data export and account deletion.
	mux.Handle("GET /api/profile", h(s.account.GetProfile))
	mux.Handle("PATCH /api/profile", h(s.account.UpdateProfile))
	mux.Handle("GET /api/kids", h(s.account.ListKids))
	mux.Handle("POST /api/kids", h(idempotent(s.account.CreateKid)))
	mux.Handle("PATCH /api/kids/{id}", h(s.account.UpdateKid))
	mux.Handle("DELETE /api/kids/{id}", h(s.account.DeleteKid))
	// Children's privacy (issue 30): the consent ledger, and each child's
	// data whole in the privacy center (export; withdrawal deletes it).
	mux.Handle("GET /api/consents", h(s.account.GetConsents))
	mux.Handle("POST /api/consents", h(idempotent(s.account.CreateConsent)))
	mux.Handle("GET /api/kids/{id}/export", h(s.account.GetChildExport))
	mux.Handle("POST /api/kids/{id}/withdraw-consent", h(s.account.WithdrawConsent))
	mux.Handle("POST /api/devices", h(idempotent(s.account.CreateDevice)))
	mux.Handle("GET /api/devices", h(s.account.ListDevices))
	mux.Handle("GET /api/communications", h(s.account.GetCommunications))
	mux.Handle("PUT /api/communications", h(s.account.UpdateCommunications))
	mux.Handle("GET /api/account/export", h(s.account.GetExport))
	// The parent's security page (internal/gotrue/shop_sessions.go, shop_sign_ins.go): sessions, sign-ins, and the
	// new-device e-mail's link that signs a session out.
	mux.Handle("GET /api/security/sessions", h(s.gotrue.ListSessions))
	mux.Handle("DELETE /api/security/sessions", h(s.gotrue.RevokeOtherSessions))
	mux.Handle("DELETE /api/security/sessions/{id}", h(s.gotrue.RevokeSession))
	mux.Handle("GET /api/security/sign-ins", h(s.gotrue.ListSignIns))
	mux.Handle("POST /api/security/sign-out", h(limited("security_sign_out", "Too many attempts. Please wait a minute and try again.", s.gotrue.SignOutByLink)))
	mux.Handle("DELETE /api/account", h(limited("delete_account", "Too many attempts. Please wait a minute and try again.", s.account.DeleteAccount)))

	// Dream Maker (internal/dreams): bedtime stories for the parent's children.
	mux.Handle("GET /api/dreams/choices", h(s.dreams.GetChoices))
	mux.Handle("GET /api/dreams", h(s.dreams.ListDreams))
	mux.Handle("POST /api/dreams", h(idempotent(limited("dreams", dreams.TooManyDreams, s.dreams.CreateDream))))
	mux.Handle("PATCH /api/dreams/{id}", h(s.dreams.UpdateDream)) // {kept}: "Keep this story"
	mux.Handle("DELETE /api/dreams/{id}", h(s.dreams.DeleteDream))

	// Interactive storybooks (internal/storybooks, docs/storybooks.md): a
	// published storybook's free pages for anyone (public, revalidated), the
	// rest for a family with the edition; the family's library and each
	// reader's progress; uploads at their content's hash, cached for good.
	mux.Handle("GET /api/storybooks/{slug}", h(s.storybooks.GetPublished))
	mux.Handle("GET /api/storybooks/{slug}/pages/{id}", h(s.storybooks.GetPage))
	mux.Handle("GET /api/library", h(s.storybooks.GetLibrary))
	mux.Handle("GET /api/library/{storybookId}/progress", h(s.storybooks.GetProgress))
	mux.Handle("PUT /api/library/{storybookId}/progress", h(s.storybooks.PutProgress))
	mux.Handle("GET /storybooks/media/{file}", h(s.storybooks.GetMedia))

	// Games (internal/games): the published configuration and its
	// pictures; the back office's writes are below (/api/admin/game-*).
	mux.Handle("GET /api/game-config", h(s.games.GetConfig))
	mux.Handle("GET /api/game-images/{hash}", h(s.games.GetImage))

	// The back office's API: each route declares who may call it (staff.go):
	// staff(auth.PermX, ...) lets in a staff role that allows PermX, in a
	// two-step (aal2) session, before anything of the route runs, and hands
	// the handler the checked caller (auth.StaffFrom); anyStaff, every staff
	// role. Staff and roles are the account service's
	// (internal/gotrue/shop_staff.go); the audit log is internal/audit.
	mux.Handle("GET /api/admin/me", anyStaff(h(s.gotrue.GetAdminMe)))
	mux.Handle("GET /api/admin/staff", staff(auth.PermStaff, h(s.gotrue.ListStaff)))
	mux.Handle("PUT /api/admin/staff", staff(auth.PermStaff, h(s.gotrue.UpdateStaffRole)))
	mux.Handle("POST /api/admin/staff/invite", staff(auth.PermStaff, h(s.gotrue.InviteStaff)))
	mux.Handle("GET /api/admin/audit", staff(auth.PermAudit, h(s.audit.ListEntries)))
	// The games' configuration and pictures (internal/games): owners and editors.
	mux.Handle("PUT /api/admin/game-config", staff(auth.PermGames, h(s.games.PutConfig)))
	mux.Handle("POST /api/admin/game-images", staff(auth.PermGames, h(s.games.CreateImage)))
	// Helping a customer (internal/gotrue/shop_customers.go): search, a customer's
	// page and its actions, each audited.
	mux.Handle("GET /api/admin/customers", staff(auth.PermCustomersRead, h(s.gotrue.SearchCustomers)))
	mux.Handle("GET /api/admin/customers/{id}", staff(auth.PermCustomersRead, h(s.gotrue.GetCustomer)))
	mux.Handle("POST /api/admin/customers/{id}/resend-confirmation", staff(auth.PermEmailsResend, h(s.gotrue.ResendCustomerConfirmation)))
	mux.Handle("POST /api/admin/customers/{id}/password-reset", staff(auth.PermEmailsResend, h(s.gotrue.SendCustomerPasswordReset)))
	mux.Handle("POST /api/admin/customers/{id}/sign-out", staff(auth.PermCustomersHelp, h(s.gotrue.SignOutCustomer)))
	mux.Handle("POST /api/admin/customers/{id}/reset-factors", staff(auth.PermCustomersHelp, h(s.gotrue.ResetCustomerFactors)))
	mux.Handle("PUT /api/admin/customers/{id}/ban", staff(auth.PermCustomersHelp, h(s.gotrue.BanCustomer)))
	mux.Handle("DELETE /api/admin/customers/{id}", staff(auth.PermCustomersHelp, h(s.gotrue.DeleteCustomer)))
	// The blog's posts (internal/posts): Markdown rendered and sanitized on save.
	mux.Handle("GET /api/admin/posts", staff(auth.PermPosts, h(s.posts.ListAdminPosts)))
	mux.Handle("POST /api/admin/posts", staff(auth.PermPosts, h(idempotent(s.posts.CreatePost))))
	mux.Handle("GET /api/admin/posts/{id}", staff(auth.PermPosts, h(s.posts.GetAdminPost)))
	mux.Handle("PATCH /api/admin/posts/{id}", staff(auth.PermPosts, h(s.posts.UpdatePost)))
	mux.Handle("POST /api/admin/posts/preview", staff(auth.PermPosts, h(s.posts.PreviewPost)))
	// A post's pictures, kept as the covers are (internal/covers): the
	// editor inserts the URL, and a save refuses pictures from elsewhere.
	mux.Handle("POST "+postPictureUploadPath, staff(auth.PermPosts, h(idempotent(s.postPictures.CreateCover))))
	mux.Handle("GET "+covers.PostPicturePrefix+"{file...}", h(s.postPictures.GetCover))

	// The storybooks' back office (internal/storybooks): saved whole over
	// their version, checked, published only without problems (a 422 with
	// them: storybooks.Handle), Twee in and out, editions given by e-mail.
	sb := storybooks.Handle
	mux.Handle("GET /api/admin/storybooks", staff(auth.PermStorybooks, h(s.storybooks.ListStorybooks)))
	mux.Handle("POST /api/admin/storybooks", staff(auth.PermStorybooks, h(idempotent(s.storybooks.CreateStorybook))))
	mux.Handle("POST /api/admin/storybooks/import", staff(auth.PermStorybooks, sb(idempotent(s.storybooks.ImportTwee))))
	mux.Handle("POST "+storybookMediaPath, staff(auth.PermStorybooks, h(idempotent(s.storybooks.UploadMedia))))
	mux.Handle("GET /api/admin/storybooks/{id}", staff(auth.PermStorybooks, h(s.storybooks.GetStorybook)))
	mux.Handle("PUT /api/admin/storybooks/{id}", staff(auth.PermStorybooks, sb(s.storybooks.SaveStorybook)))
	mux.Handle("GET /api/admin/storybooks/{id}/check", staff(auth.PermStorybooks, h(s.storybooks.CheckStorybook)))
	mux.Handle("GET /api/admin/storybooks/{id}/export.twee", staff(auth.PermStorybooks, h(s.storybooks.ExportTwee)))
	mux.Handle("POST /api/admin/storybooks/{id}/publish", staff(auth.PermStorybooks, sb(s.storybooks.PublishStorybook)))
	mux.Handle("POST /api/admin/storybooks/{id}/unpublish", staff(auth.PermStorybooks, h(s.storybooks.UnpublishStorybook)))
	mux.Handle("POST /api/admin/storybooks/{id}/grants", staff(auth.PermStorybookGrants, h(idempotent(s.storybooks.GrantStorybook))))
	// The storybooks a customer's family has, on their page, where support gives one (the grant above).
	mux.Handle("GET /api/admin/customers/{id}/storybooks", staff(auth.PermCustomersRead, staff(auth.PermStorybookGrants, h(s.storybooks.CustomerStorybooks))))

	// Book covers (internal/covers): uploaded in the back office, served
	// in the widths of the pages' srcset. The shipped covers (/covers/book-N.svg)
	// are the app's static files.
	mux.Handle("POST "+coverUploadPath, staff(auth.PermCatalog, h(idempotent(s.covers.CreateCover))))
	mux.Handle("GET /covers/u/{file...}", h(s.covers.GetCover))

	// Downloadable files (internal/files): uploaded in the back office and
	// checked by their content; a family's purchase downloads through a
	// link that expires and counts (the link is the secret: no session).
	mux.Handle("POST "+files.UploadPath, staff(auth.PermCatalog, h(s.files.CreateFile)))
	mux.Handle("GET /api/admin/files/{id}", staff(auth.PermCatalog, h(s.files.GetFile)))
	mux.Handle("GET /api/library/downloads/{purchaseId}/{fileId}", h(limited("download_link", "Too many download links. Please wait a minute and try again.", s.files.CreateLink)))
	mux.Handle("GET "+files.DownloadPrefix+"{token}", h(s.files.Download))

	// The back office's catalogue (internal/catalog): books, categories and
	// the CSV export and import; each change is audited and live at once.
	mux.Handle("GET /api/admin/books", staff(auth.PermCatalog, h(s.catalog.ListAdminBooks)))
	mux.Handle("POST /api/admin/books", staff(auth.PermCatalog, h(idempotent(s.catalog.CreateBook))))
	mux.Handle("GET /api/admin/books/export.csv", staff(auth.PermCatalog, h(s.catalog.ExportBooks)))
	mux.Handle("POST /api/admin/books/import", staff(auth.PermCatalog, h(s.catalog.ImportBooks)))
	mux.Handle("GET /api/admin/books/{id}", staff(auth.PermCatalog, h(s.catalog.GetAdminBook)))
	mux.Handle("PATCH /api/admin/books/{id}", staff(auth.PermCatalog, h(s.catalog.UpdateBook)))
	mux.Handle("POST /api/admin/books/{id}/duplicate", staff(auth.PermCatalog, h(idempotent(s.catalog.DuplicateBook))))
	mux.Handle("GET /api/admin/categories", staff(auth.PermCatalog, h(s.catalog.ListAdminCategories)))
	mux.Handle("POST /api/admin/categories", staff(auth.PermCatalog, h(idempotent(s.catalog.CreateCategory))))
	mux.Handle("PATCH /api/admin/categories/{id}", staff(auth.PermCatalog, h(s.catalog.UpdateCategory)))

	// The newsletter's back office (internal/newsletter): subscribers for
	// managers and owners; campaigns drafted by editors, sent by managers and
	// owners, through the outbox at CAMPAIGN_RATE_PER_MINUTE.
	mux.Handle("GET /api/admin/newsletter/subscribers", staff(auth.PermNewsletter, h(s.newsletter.ListSubscribers)))
	mux.Handle("GET /api/admin/newsletter/subscribers.csv", staff(auth.PermNewsletter, h(s.newsletter.ExportSubscribers)))
	mux.Handle("POST /api/admin/newsletter/unsubscribe", staff(auth.PermNewsletter, h(s.newsletter.UnsubscribeByStaff)))
	mux.Handle("POST /api/admin/newsletter/unsuppress", staff(auth.PermNewsletter, h(s.newsletter.LiftSuppression)))
	mux.Handle("GET /api/admin/campaigns", staff(auth.PermCampaigns, h(s.newsletter.ListCampaigns)))
	mux.Handle("POST /api/admin/campaigns", staff(auth.PermCampaigns, h(idempotent(s.newsletter.CreateCampaign))))
	mux.Handle("POST /api/admin/campaigns/preview", staff(auth.PermCampaigns, h(s.newsletter.PreviewCampaign)))
	mux.Handle("GET /api/admin/campaigns/{id}", staff(auth.PermCampaigns, h(s.newsletter.GetCampaign)))
	mux.Handle("PATCH /api/admin/campaigns/{id}", staff(auth.PermCampaigns, h(s.newsletter.UpdateCampaign)))
	mux.Handle("POST /api/admin/campaigns/{id}/test", staff(auth.PermCampaigns, h(limited("campaign_test", "Too many tests. Please wait a minute and try again.", s.newsletter.TestCampaign))))
	mux.Handle("POST /api/admin/campaigns/{id}/send", staff(auth.PermNewsletter, h(idempotent(s.newsletter.SendCampaign))))
	mux.Handle("GET /api/admin/books/{id}/waiting", staff(auth.PermCatalog, h(s.restock.Waiting)))

	// The order desk (internal/orders): support reads and resends, managers
	// and owners ship, cancel and refund. Refunds and cancellations take
	// their Idempotency-Key themselves (a retry finishes the same refund);
	// shipping and delivery run once per key, so a retry whose response was
	// lost gets that response, even after the order has moved on.
	mux.Handle("GET /api/admin/orders", staff(auth.PermOrdersRead, h(s.orders.ListAdminOrders)))
	mux.Handle("GET /api/admin/orders/export.csv", staff(auth.PermOrdersRead, h(s.orders.ExportOrders)))
	mux.Handle("GET /api/admin/sales", staff(auth.PermOrdersRead, h(s.orders.GetSales))) // the day's sales, the back office's first screen
	mux.Handle("GET /api/admin/orders/{number}", staff(auth.PermOrdersRead, h(s.orders.GetAdminOrder)))
	mux.Handle("POST /api/admin/orders/{number}/fulfil", staff(auth.PermOrdersWrite, h(idempotent(s.orders.FulfilOrder))))
	mux.Handle("POST /api/admin/orders/{number}/deliver", staff(auth.PermOrdersWrite, h(idempotent(s.orders.DeliverOrder))))
	mux.Handle("POST /api/admin/orders/{number}/cancel", staff(auth.PermOrdersWrite, h(s.orders.CancelOrder)))
	mux.Handle("POST /api/admin/orders/{number}/refund", staff(auth.PermRefunds, h(s.orders.RefundOrder)))
	mux.Handle("POST /api/admin/orders/{number}/notes", staff(auth.PermOrdersWrite, h(idempotent(s.orders.AddOrderNote))))
	mux.Handle("POST /api/admin/orders/{number}/resend-confirmation", staff(auth.PermEmailsResend, h(idempotent(s.orders.ResendOrderConfirmation))))

	// The shop's settings and discount codes (internal/shopsettings,
	// internal/discounts): saved over their version, audited.
	// Backups (internal/backup), the owner's: list, make one now (202),
	// download, upload an archive, restore online (202; the shop answers
	// 503 until it is back).
	mux.Handle("GET /api/admin/backups", staff(auth.PermBackups, h(s.backups.List)))
	mux.Handle("POST /api/admin/backups", staff(auth.PermBackups, h(s.backups.Create)))
	mux.Handle("POST /api/admin/backups/upload", staff(auth.PermBackups, h(s.backups.Upload)))
	mux.Handle("GET /api/admin/backups/{id}/download", staff(auth.PermBackups, h(s.backups.Download)))
	mux.Handle("POST /api/admin/backups/{id}/restore", staff(auth.PermBackups, h(s.backups.Restore)))

	mux.Handle("GET /api/admin/settings", staff(auth.PermSettings, h(s.prices.GetAdminSettings)))
	mux.Handle("PUT /api/admin/settings", staff(auth.PermSettings, h(s.prices.UpdateSettings)))
	mux.Handle("GET /api/admin/discounts", staff(auth.PermDiscounts, h(s.discounts.ListDiscounts)))
	mux.Handle("POST /api/admin/discounts", staff(auth.PermDiscounts, h(idempotent(s.discounts.CreateDiscount))))
	mux.Handle("GET /api/admin/discounts/{id}", staff(auth.PermDiscounts, h(s.discounts.GetDiscount)))
	mux.Handle("PATCH /api/admin/discounts/{id}", staff(auth.PermDiscounts, h(s.discounts.UpdateDiscount)))

	// Development mailbox (internal/mail): 404 unless --dev.
	mux.Handle("GET /dev/mail", h(s.mail.DevMailboxPage))
	mux.Handle("GET /api/dev/mail", h(s.mail.DevMailboxJSON))

	mux.HandleFunc("GET /thank-you", s.thankYou)
	// The public pages are rendered at run time (pages.go); a book's slug leads to its page.
	mux.HandleFunc("GET /books/{id}", s.bookBySlug)
	mux.HandleFunc("GET /sitemap.xml", s.sitemap)
	mux.HandleFunc("GET /robots.txt", s.robots)

	// Every other path is the single-page app (routes); it renders its own not-found page.
}

// coverUploadPath, postPictureUploadPath and storybookMediaPath take a larger request body than
// most (serve.go, largeBodies).
const (
	coverUploadPath       = "/api/admin/covers"
	postPictureUploadPath = "/api/admin/posts/pictures"
	storybookMediaPath    = "/api/admin/storybooks/media"
)

// writeError writes an error of no route's handler (no route, a malformed
// path) in the shape of the path's route group: GoTrue's under /auth/v1,
// the /api shape elsewhere.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	if strings.HasPrefix(r.URL.Path, "/auth/v1/") || r.URL.Path == "/auth/v1" {
		s.gotrue.WriteNoRoute(w, r, err)
		return
	}
	httpx.WriteError(w, r, err)
}

// health responds after a real database round trip.
func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		slog.ErrorContext(r.Context(), "health: database unreachable", "err", err)
		return httpx.WriteJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "database": "unreachable"})
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": "ok"})
}

// paymentPassCookie is set by the app beside the one-time pass to
// /thank-you (web/src/features/checkout/payment-flag.ts) and cleared with it.
const paymentPassCookie = "payment_pass"

// thankYou serves /thank-you, the page a buyer reaches inside the app right
// after paying. Anyone else opening it (a reload, a link) is sent to the
// checkout from here at once, instead of from the app behind its splash;
// the app still checks the pass itself, per tab.
func (s *Server) thankYou(w http.ResponseWriter, r *http.Request) {
	w.Header().Add("Vary", "Cookie")
	if _, err := r.Cookie(paymentPassCookie); err != nil {
		http.Redirect(w, r, "/checkout", http.StatusSeeOther)
		return
	}
	s.app.ServeHTTP(w, r)
}

// splitAPI routes a request to the route registered for it; any other path
// is the app's, except under the API prefixes, where a path that matches no
// route gets the JSON error shape (404, or 405 with Allow) instead of the
// mux's plain text or the app's HTML.
//
// Errors are written by writeError, in the shape of the path's route group.
// The metrics learn each request's route here: its pattern, the app's
// route (appRoute) or metrics.Unmatched, never the path.
func splitAPI(mux *http.ServeMux, app http.Handler, writeError httpx.ErrorWriter, appRoute func(*http.Request) string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, pattern := mux.Handler(r)
		route := metrics.Unmatched
		defer func() { metrics.SetRoute(r.Context(), route) }()
		switch {
		case pattern != "":
			route = pattern
			mux.ServeHTTP(w, r)
		case isAPIPath(r.URL.Path):
			writeNoRoute(w, r, h, writeError)
		case r.Method == http.MethodPost && isBrowserForm(r):
			// A form of a server-rendered page sent before the app hydrated it
			// (web/src/lib/render-env.ts): back to the page, whose app is
			// there by then. What was typed is not read.
			http.Redirect(w, r, r.URL.Path, http.StatusSeeOther)
		case r.Method != http.MethodGet && r.Method != http.MethodHead:
			w.Header().Set("Allow", "GET, HEAD")
			httpx.WriteError(w, r, httpx.Errorf(httpx.CodeMethod, "Method %s is not allowed on %s.", r.Method, r.URL.Path))
		default:
			route = appRoute(r)
			app.ServeHTTP(w, r)
		}
	})
}

// appRoute names the app's route of a request for the metrics
// (webapp.Handler.RouteOf); "app" for another handler (a test's).
func appRoute(app http.Handler) func(*http.Request) string {
	named, ok := app.(interface{ RouteOf(urlPath string) string })
	if !ok {
		return func(*http.Request) string { return "app" }
	}
	return func(r *http.Request) string { return named.RouteOf(r.URL.Path) }
}

// isBrowserForm tells a browser's own form submission from an API call.
func isBrowserForm(r *http.Request) bool {
	mediaType, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";")
	return mediaType == "application/x-www-form-urlencoded" || mediaType == "multipart/form-data"
}

// writeNoRoute asks the mux's own fallback handler whether the path exists
// with another method, and responds 405 or 404 in the JSON error shape. The
// CORS preflight pattern "OPTIONS /auth/v1/" matches every path under
// /auth/v1, so a path that allows nothing but OPTIONS does not exist: 404.
func writeNoRoute(w http.ResponseWriter, r *http.Request, fallback http.Handler, write httpx.ErrorWriter) {
	probe := &statusProbe{header: http.Header{}}
	fallback.ServeHTTP(probe, r)
	if probe.status == http.StatusMethodNotAllowed && allowsMoreThanOptions(probe.header.Get("Allow")) {
		w.Header().Set("Allow", probe.header.Get("Allow"))
		write(w, r, httpx.Errorf(httpx.CodeMethod, "Method %s is not allowed on %s.", r.Method, r.URL.Path))
		return
	}
	write(w, r, httpx.Errorf(httpx.CodeNotFound, "No API endpoint at %s.", r.URL.Path))
}

func allowsMoreThanOptions(allow string) bool {
	for m := range strings.SplitSeq(allow, ",") {
		if m = strings.TrimSpace(m); m != "" && m != http.MethodOptions {
			return true
		}
	}
	return false
}

func isAPIPath(p string) bool {
	for _, prefix := range []string{"/api/", "/auth/v1/", "/functions/v1/", "/dev/mail/"} {
		if strings.HasPrefix(p, prefix) || p+"/" == prefix {
			return true
		}
	}
	return false
}

// statusProbe records what the mux's own 404/405 handler would have written.
type statusProbe struct {
	header http.Header
	status int
}

func (p *statusProbe) Header() http.Header         { return p.header }
func (p *statusProbe) Write(b []byte) (int, error) { return len(b), nil }
func (p *statusProbe) WriteHeader(code int)        { p.status = code }
