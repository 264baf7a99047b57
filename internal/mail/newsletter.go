package mail

import htmltemplate "html/template"

// The newsletter's e-mails: the confirmation of a sign-up (double opt-in),
// a campaign, and the back-in-stock alert with its confirmation.

// NewsletterConfirm asks the owner of an address to confirm a sign-up.
type NewsletterConfirm struct {
	ConfirmURL string
	SiteURL    string
}

// NewsletterConfirmEmail builds "Confirm your subscription to Siso & Friends".
func NewsletterConfirmEmail(to string, c NewsletterConfirm) (Message, error) {
	return embedded.render("newsletter_confirm", to, c)
}

// Campaign is one campaign e-mail to one subscriber. HTML is the body,
// rendered from the campaign's Markdown and sanitized; Text its plain form.
type Campaign struct {
	Subject        string
	Preview        string // the inbox's preview line, hidden in the body
	HTML           htmltemplate.HTML
	Text           string
	UnsubscribeURL string // the visible unsubscribe link, the same as List-Unsubscribe's
	SiteURL        string
}

// CampaignEmail builds a campaign's e-mail; the caller adds its sender and
// headers (List-Unsubscribe and the rest).
func CampaignEmail(to string, c Campaign) (Message, error) {
	return embedded.render("campaign", to, c)
}

// StockAlertConfirm asks a visitor to confirm they want to hear when a book is back.
type StockAlertConfirm struct {
	Title      string
	ConfirmURL string
	SiteURL    string
}

// StockAlertConfirmEmail builds the confirmation of a back-in-stock request.
func StockAlertConfirmEmail(to string, c StockAlertConfirm) (Message, error) {
	return embedded.render("stock_alert_confirm", to, c)
}

// BackInStock tells a waiting address that the book is back.
type BackInStock struct {
	Title   string
	Price   string
	BookURL string
	SiteURL string
}

// BackInStockEmail builds "{title} is back".
func BackInStockEmail(to string, b BackInStock) (Message, error) {
	return embedded.render("back_in_stock", to, b)
}
