// Command fakepaypal runs the fake PayPal for browser end-to-end tests: the
// Orders v2 REST API and a test copy of the JS SDK at /sdk/js. Point the shop
// at it with PAYPAL_API_BASE, PAYPAL_SDK_URL and its client credentials.
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

	"bookshop/internal/paypal/paypaltest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18201", "address to listen on")
	declines := flag.Int("decline", 0, "decline the first N captures with INSTRUMENT_DECLINED")
	flag.Parse()

	fake := paypaltest.New()
	fake.DeclineNextCaptures(*declines)
	srv := &http.Server{Addr: *addr, Handler: fake.Handler(), ReadHeaderTimeout: 10 * time.Second}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()

	base := "http://" + *addr
	fmt.Printf("fake PayPal listening on %s\n", base)
	fmt.Printf("run the shop with:\n  PAYPAL_CLIENT_ID=%s PAYPAL_CLIENT_SECRET=%s PAYPAL_API_BASE=%s PAYPAL_SDK_URL=%s/sdk/js\n",
		paypaltest.ClientID, paypaltest.ClientSecret, base, base)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
