package mail

// OrderConfirmation is what the confirmation of a paid order shows. Amounts
// come formatted ("$14.99"): the orders package owns money.
type OrderConfirmation struct {
	Name   string // whom the greeting names: the buyer, or "there"
	Number string
	Lines  []OrderLine

	Subtotal, Tax, Shipping, Total string
	TaxRate                        string // the order's rate, "10%" or "8.25%"
	// Discount is what a code took off the subtotal ("-$9.99", with its
	// code in DiscountCode); "" without one.
	Discount, DiscountCode string
	Currency               string

	Address []string // the shipping address, a line each
	Demo    bool     // a demo payment, no money charged

	OrderURL string // where the buyer sees the order on the site; "" for a guest
	// StatusURL is a guest's link to the order's status page (status,
	// parcel, refunds); "" for an account.
	StatusURL string
	// Digital are the digital formats bought ("Our First Adventure
	// (Interactive)"), ready in the family's library at LibraryURL.
	Digital      []string
	LibraryURL   string
	SupportEmail string // where to write with questions
	SiteURL      string
}

// OrderLine is one book of the order.
type OrderLine struct {
	Title     string // with its format for a digital one: "Our First Adventure (E-book)"
	Quantity  int
	UnitPrice string
	LineTotal string
}

// OrderConfirmationEmail builds the order's confirmation to the buyer.
func OrderConfirmationEmail(to string, o OrderConfirmation) (Message, error) {
	return embedded.render("order_confirmation", to, o)
}
