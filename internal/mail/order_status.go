package mail

// The e-mails an order sends after it is paid: shipped, cancelled,
// refunded. Amounts come formatted ("$14.99"): the orders package owns money.

// OrderShipped is "Your books are on their way".
type OrderShipped struct {
	Name           string // whom the greeting names: the buyer, or "there"
	Number         string
	Carrier        string
	TrackingNumber string
	TrackingURL    string // "" when the carrier gave none
	Status         string // the order's two statuses: "Shipped · Paid"
	Lines          []OrderLine
	Address        []string
	OrderURL       string // My Orders; "" for a guest
	StatusURL      string // a guest's link to the order's status page; "" for an account
	SupportEmail   string
	SiteURL        string
}

// OrderShippedEmail builds the shipping notice.
func OrderShippedEmail(to string, o OrderShipped) (Message, error) {
	return embedded.render("order_shipped", to, o)
}

// OrderCancelled tells the buyer the order was cancelled and refunded.
type OrderCancelled struct {
	Name         string
	Number       string
	Reason       string
	Refund       string // "$54.97"; "" when nothing was left to refund
	Status       string // "Cancelled · Refunded"
	Demo         bool   // a demo payment: nothing was charged, nothing moves
	OrderURL     string
	StatusURL    string
	SupportEmail string
	SiteURL      string
}

// OrderCancelledEmail builds the cancellation.
func OrderCancelledEmail(to string, o OrderCancelled) (Message, error) {
	return embedded.render("order_cancelled", to, o)
}

// OrderRefunded tells the buyer of one refund.
type OrderRefunded struct {
	Name          string
	Number        string
	Amount        string   // this refund
	TotalRefunded string   // every refund of the order so far
	Full          bool     // the whole order is now refunded
	Status        string   // "Shipped · Partly refunded"
	Reason        string   // "" when none was given (a refund made at PayPal)
	Lines         []string // "2 × Title" of a refund of lines
	Demo          bool
	OrderURL      string
	StatusURL     string
	SupportEmail  string
	SiteURL       string
}

// OrderRefundedEmail builds the refund notice.
func OrderRefundedEmail(to string, o OrderRefunded) (Message, error) {
	return embedded.render("order_refunded", to, o)
}
