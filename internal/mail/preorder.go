package mail

// The e-mails of a pre-order (internal/orders/preorder.go): the book is
// out, or its date moved. Dates come written out ("Friday, January 15, 2027").

// PreorderReleased is "It's out!": the pre-ordered books are out, the
// parcel joins the ones to ship and the digital formats open in the library.
type PreorderReleased struct {
	Name       string // the buyer, or "there"
	Number     string
	Titles     []string
	Ships      bool   // something in it is printed and ships now
	LibraryURL string // "" when nothing in it is digital
	OrderURL   string // My Orders; "" for a guest
	SiteURL    string
}

// PreorderReleasedEmail builds "It's out!".
func PreorderReleasedEmail(to string, p PreorderReleased) (Message, error) {
	return embedded.render("preorder_released", to, p)
}

// PreorderDateChanged tells a buyer waiting for a book its new date.
type PreorderDateChanged struct {
	Name     string
	Title    string
	Date     string // the new date, written out
	OrderURL string
	SiteURL  string
}

// PreorderDateChangedEmail builds "A new date for {title}".
func PreorderDateChangedEmail(to string, p PreorderDateChanged) (Message, error) {
	return embedded.render("preorder_date", to, p)
}
