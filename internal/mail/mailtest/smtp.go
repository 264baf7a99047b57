// Package mailtest is a fake SMTP server for tests: it accepts every
// message and keeps it, so a test can count what was delivered.
package mailtest

import (
	"bufio"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
)

// SMTP is a minimal SMTP server that keeps what it receives.
type SMTP struct {
	ln       net.Listener
	mu       sync.Mutex
	messages []string
}

// StartSMTP listens on addr ("127.0.0.1:0" for any free port) until the
// test ends.
func StartSMTP(t testing.TB, addr string) *SMTP {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	s := &SMTP{ln: ln}
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(conn)
		}
	}()
	t.Cleanup(func() { ln.Close() })
	return s
}

// URL is the server's SMTP_URL.
func (s *SMTP) URL() string { return "smtp://" + s.ln.Addr().String() }

func (s *SMTP) serve(conn net.Conn) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	reply := func(line string) { fmt.Fprintf(conn, "%s\r\n", line) }
	reply("220 fake ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"):
			reply("250-fake")
			reply("250 8BITMIME")
		case strings.HasPrefix(cmd, "DATA"):
			reply("354 go ahead")
			var msg strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				msg.WriteString(l)
			}
			s.mu.Lock()
			s.messages = append(s.messages, msg.String())
			s.mu.Unlock()
			reply("250 queued")
		case strings.HasPrefix(cmd, "QUIT"):
			reply("221 bye")
			return
		default:
			reply("250 ok")
		}
	}
}

// Received returns every message received so far, headers and body.
func (s *SMTP) Received() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.messages...)
}
