package mail

// ContactMessage is a visitor's message from the contact form.
type ContactMessage struct {
	Name, Email, Subject, Message string
}

// ContactEmail builds the message as the support team (to) receives it.
func ContactEmail(to string, m ContactMessage) (Message, error) {
	return embedded.render("contact_message", to, m)
}
