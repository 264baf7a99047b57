package mail

import "fmt"

// AccountEmailKind names one of the account e-mails.
type AccountEmailKind int

const (
	ConfirmSignup AccountEmailKind = iota
	MagicLink
	ResetPassword
	ConfirmEmailChange
	// SignupAttempt tells the owner of an account that someone tried to
	// sign up with its address; it carries a sign-in link and no code.
	SignupAttempt
	// Reauthentication carries only a code: the nonce a signed-in user
	// enters to prove it is them before changing the password.
	Reauthentication
	// Invite is an invitation from the shop (GoTrue's admin invite): its
	// link confirms the address and signs in.
	Invite
	// StaffInvite is the owner's invitation to join the staff: its link
	// confirms the address and signs in to choose a password.
	StaffInvite
)

// accountCopy is the wording of one account e-mail.
type accountCopy struct {
	Subject  string
	Heading  string
	Intro    string
	Button   string
	Validity string
	Outro    string
}

var accountCopies = map[AccountEmailKind]accountCopy{
	ConfirmSignup: {
		Subject:  "Welcome to Siso & Friends! Please confirm your e-mail",
		Heading:  "Welcome to Siso & Friends!",
		Intro:    "We are so happy you joined us. Please confirm your e-mail address so your account can start its first adventure.",
		Button:   "Confirm my e-mail",
		Validity: "This link works once and for 24 hours.",
		Outro:    "If you did not create an account, you can safely ignore this e-mail.",
	},
	MagicLink: {
		Subject:  "Your Siso & Friends sign-in link",
		Heading:  "Here is your sign-in link",
		Intro:    "Click the button below to sign in to Siso & Friends. No password needed!",
		Button:   "Sign me in",
		Validity: "This link works once and for 1 hour.",
		Outro:    "If you did not ask to sign in, you can safely ignore this e-mail.",
	},
	ResetPassword: {
		Subject:  "Reset your Siso & Friends password",
		Heading:  "Let's get you back in",
		Intro:    "Someone (hopefully you!) asked to reset the password of your Siso & Friends account. Click below to choose a new one.",
		Button:   "Choose a new password",
		Validity: "This link works once and for 1 hour.",
		Outro:    "If you did not ask for this, you can ignore this e-mail: your password stays the same.",
	},
	ConfirmEmailChange: {
		Subject:  "Confirm your new e-mail for Siso & Friends",
		Heading:  "Confirm your new e-mail address",
		Intro:    "You asked to use this address for your Siso & Friends account. Please confirm it's yours.",
		Button:   "Confirm my new e-mail",
		Validity: "This link works once and for 24 hours.",
		Outro:    "If you did not ask for this change, you can ignore this e-mail and nothing will change.",
	},
	SignupAttempt: {
		Subject: "Someone tried to sign up with your e-mail",
		Heading: "You already have an account",
		Intro: "Someone (hopefully you!) tried to create a new Siso & Friends account with this e-mail address. " +
			"You already have one, so nothing was changed. Sign in below, or choose 'Forgot password?' there if you do not remember it.",
		Button: "Sign in",
		Outro:  "If this was not you, you can ignore this e-mail: your account is safe.",
	},
	Invite: {
		Subject:  "An invitation to Siso & Friends",
		Heading:  "You're invited!",
		Intro:    "Siso & Friends invited you to an account of your own. Click below to accept; you can choose a password afterwards on your profile.",
		Button:   "Accept the invitation",
		Validity: "This link works once and for 24 hours.",
		Outro:    "If you were not expecting this, you can safely ignore this e-mail.",
	},
	StaffInvite: {
		Subject:  "Join the Siso & Friends team",
		Heading:  "Welcome to the team!",
		Intro:    "You're invited to help run the Siso & Friends shop. Click below to accept and choose your password. Then turn on two-step sign-in from your profile: the back office opens once it's on.",
		Button:   "Accept and choose a password",
		Validity: "This link works once and for 24 hours.",
		Outro:    "If you were not expecting this, you can safely ignore this e-mail.",
	},
	Reauthentication: {
		Subject:  "Your Siso & Friends security code",
		Heading:  "Confirm it's you",
		Intro:    "Enter the code below in Siso & Friends to confirm it's you before your password is changed.",
		Validity: "This code works once and for 1 hour.",
		Outro:    "If you did not ask for this, someone may know your password: change it from your profile, or reset it from the sign-in page.",
	},
}

// AccountEmail builds an account e-mail with its link and 6-digit code (""
// for none of either) from the templates account.txt and account.html.
func AccountEmail(kind AccountEmailKind, to, link, code string) (Message, error) {
	c, ok := accountCopies[kind]
	if !ok {
		return Message{}, fmt.Errorf("mail: unknown account e-mail kind %d", kind)
	}
	return embedded.render("account", to, struct {
		accountCopy
		Link, Code string
	}{c, link, code})
}
