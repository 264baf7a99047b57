package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"time"
)

// smtpServer is where SMTP_URL points.
type smtpServer struct {
	host, port         string
	username, password string
	implicitTLS        bool
	tlsConfig          *tls.Config // nil: verify against the system roots
}

const smtpTimeout = 30 * time.Second

// send delivers one message: STARTTLS when the server offers it, AUTH PLAIN
// when credentials are configured (net/smtp refuses PLAIN without TLS,
// except to localhost).
func (s *smtpServer) send(ctx context.Context, from string, m Message, now time.Time) error {
	fromAddr, err := mail.ParseAddress(from)
	if err != nil {
		return fmt.Errorf("MAIL_FROM: %w", err)
	}
	body, err := buildMIME(from, m, now)
	if err != nil {
		return err
	}
	conn, err := s.dial(ctx)
	if err != nil {
		return err
	}
	_ = conn.SetDeadline(time.Now().Add(smtpTimeout))
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp greeting: %w", err)
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("smtp hello: %w", err)
	}
	if ok, _ := c.Extension("STARTTLS"); ok && !s.implicitTLS {
		if err := c.StartTLS(s.tls()); err != nil {
			return fmt.Errorf("smtp starttls: %w", err)
		}
	}
	if s.username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.username, s.password, s.host)); err != nil {
			return fmt.Errorf("smtp auth: %w", err)
		}
	}
	if err := c.Mail(fromAddr.Address); err != nil {
		return fmt.Errorf("smtp MAIL FROM: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("smtp RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp DATA: %w", err)
	}
	if _, err := w.Write(body); err != nil {
		return fmt.Errorf("smtp write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp end of data: %w", err)
	}
	return c.Quit()
}

func (s *smtpServer) tls() *tls.Config {
	if s.tlsConfig != nil {
		return s.tlsConfig
	}
	return &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}
}

func (s *smtpServer) dial(ctx context.Context) (net.Conn, error) {
	addr := net.JoinHostPort(s.host, s.port)
	d := &net.Dialer{Timeout: 10 * time.Second}
	if s.implicitTLS {
		td := &tls.Dialer{NetDialer: d, Config: s.tls()}
		return td.DialContext(ctx, "tcp", addr)
	}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("smtp connect %s: %w", addr, err)
	}
	return conn, nil
}

// buildMIME renders a multipart/alternative message: text first, HTML as
// the preferred alternative, both quoted-printable.
func buildMIME(from string, m Message, now time.Time) ([]byte, error) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	var out bytes.Buffer
	fmt.Fprintf(&out, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s@sisoandfriends>\r\n",
		encodeFrom(from), m.To, mime.QEncoding.Encode("utf-8", m.Subject), now.Format(time.RFC1123Z), randomHex(12))
	for _, h := range m.Headers {
		fmt.Fprintf(&out, "%s: %s\r\n", h.Name, h.Value)
	}
	fmt.Fprintf(&out, "MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=%q\r\n\r\n", mw.Boundary())
	parts := []struct{ contentType, body string }{{"text/plain; charset=utf-8", m.Text}}
	if m.HTML != "" {
		parts = append(parts, struct{ contentType, body string }{"text/html; charset=utf-8", m.HTML})
	}
	for _, p := range parts {
		pw, err := mw.CreatePart(textproto.MIMEHeader{"Content-Type": {p.contentType}, "Content-Transfer-Encoding": {"quoted-printable"}})
		if err != nil {
			return nil, err
		}
		qp := quotedprintable.NewWriter(pw)
		if _, err := qp.Write([]byte(p.body)); err != nil {
			return nil, err
		}
		if err := qp.Close(); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	out.Write(buf.Bytes())
	return out.Bytes(), nil
}

// encodeFrom writes a sender with a display name ("Siso & Friends News")
// as RFC 5322 wants it: quoted or encoded by net/mail.
func encodeFrom(from string) string {
	a, err := mail.ParseAddress(from)
	if err != nil {
		return from
	}
	return a.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
