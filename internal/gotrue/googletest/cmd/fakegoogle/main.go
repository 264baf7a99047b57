// Command fakegoogle runs the fake Google for browser end-to-end tests: an
// OpenID Connect provider whose account chooser signs in whatever e-mail is
// typed into it. Point the shop at it with GOOGLE_ISSUER and the client
// credentials it prints.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"bookshop/internal/gotrue/googletest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18202", "address to listen on")
	clientID := flag.String("client-id", "fake-google-client", "the shop's client id")
	flag.Parse()

	fake, err := googletest.New(*clientID)
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Addr: *addr, Handler: fake.Handler(), ReadHeaderTimeout: 10 * time.Second}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()

	fmt.Printf("fake Google listening on http://%s\n", *addr)
	fmt.Printf("run the shop with:\n  GOOGLE_CLIENT_ID=%s GOOGLE_CLIENT_SECRET=any GOOGLE_ISSUER=http://%s\n", *clientID, *addr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
