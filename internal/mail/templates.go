package mail

import (
	"bytes"
	"fmt"
	"html/template"
)

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
}

// AccountEmail builds an account e-mail with its link and 6-digit code, in
// a warm HTML version and a plain-text version.
func AccountEmail(kind AccountEmailKind, to, link, code string) Message {
	c, ok := accountCopies[kind]
	if !ok {
		c = accountCopies[ConfirmSignup]
	}
	codeLine := ""
	if code != "" {
		codeLine = "Or enter this code: " + code + "\n\n"
	}
	text := fmt.Sprintf("%s\n\n%s\n\n%s:\n%s\n\n%s%s\n%s\n\nWith love,\nSiso & Friends\n",
		c.Heading, c.Intro, c.Button, link, codeLine, c.Validity, c.Outro)
	var html bytes.Buffer
	data := struct {
		accountCopy
		Link, Code string
	}{c, link, code}
	if err := accountHTML.Execute(&html, data); err != nil {
		panic(err) // the template and its data are constants of this package
	}
	return Message{To: to, Subject: c.Subject, Text: text, HTML: html.String()}
}

var accountHTML = template.Must(template.New("account").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="margin:0;padding:0;background:#fff8ec;font-family:Georgia,'Trebuchet MS',sans-serif;color:#3b2f2f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8ec;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:18px;padding:32px;border:2px solid #ffd98a">
<tr><td style="font-size:22px;font-weight:bold;color:#e07a2f;padding-bottom:8px">Siso &amp; Friends</td></tr>
<tr><td style="font-size:24px;font-weight:bold;padding:8px 0 16px">{{.Heading}}</td></tr>
<tr><td style="font-size:16px;line-height:1.6;padding-bottom:24px">{{.Intro}}</td></tr>
<tr><td align="center" style="padding-bottom:24px">
<a href="{{.Link}}" style="display:inline-block;background:#e07a2f;color:#ffffff;text-decoration:none;font-size:17px;font-weight:bold;padding:14px 28px;border-radius:999px">{{.Button}}</a>
</td></tr>
{{if .Code}}<tr><td style="font-size:15px;line-height:1.6;padding-bottom:16px">Or enter this code: <strong style="font-size:20px;letter-spacing:4px">{{.Code}}</strong></td></tr>{{end}}
<tr><td style="font-size:13px;line-height:1.6;color:#7a6a5a">{{.Validity}} {{.Outro}}</td></tr>
<tr><td style="font-size:13px;line-height:1.6;color:#7a6a5a;padding-top:16px;word-break:break-all">If the button does not work, copy this link into your browser:<br><a href="{{.Link}}" style="color:#e07a2f">{{.Link}}</a></td></tr>
<tr><td style="font-size:15px;padding-top:24px">With love,<br>Siso &amp; Friends</td></tr>
</table>
</td></tr>
</table>
</body></html>
`))
