// Command load measures the server figures of issue #13 that wrk cannot:
// password sign-in against the raw argon2id rate, refresh-token rotation,
// demo-card orders and the time from start to the first response.
// scripts/load.sh runs it against a shop on a temporary database; every
// phase is bounded in time and talks to loopback only.
//
//	go run ./scripts/load argon2  -duration 10s
//	go run ./scripts/load signin  -url http://127.0.0.1:PORT -db /tmp/x.db -duration 10s
//	go run ./scripts/load refresh -url ... -db ... -workers 8 -duration 10s
//	go run ./scripts/load orders  -url ... -workers 8 -duration 10s
//	go run ./scripts/load startup -bin ./bin/bookshop -db /tmp/x.db
//	go run ./scripts/load seed-books -url ... -db ... -n 5000
//	go run ./scripts/load seed-year -database sqlite:/tmp/x.db|postgres://... [-scale 1]
//	go run ./scripts/load year -url ... -database ... -pid PID [-rounds 50]
//	go run ./scripts/load instances -url ... -pid PID -url2 ... -pid2 PID2 -database postgres://... -duration 10s
//	go run ./scripts/load search -url ... -workers 8 -duration 10s
//	go run ./scripts/load pages -url ... -n 300
//	go run ./scripts/load new-book -url ... -db ... -bin ./bin/bookshop -cover cover.png
//	go run ./scripts/load storybook-family -url ... -db ... -bin ./bin/bookshop
//	go run ./scripts/load files -url ... -db ... -bin ./bin/bookshop -pid PID -mib 100 -workers 20
//	go run ./scripts/load s3 -addr 127.0.0.1:PORT   (a local S3-compatible server, until killed)
//
// Each prints one line "name value unit" that load.sh turns into the table
// (new-book: "new-book /books/ID", storybook-family: "storybook-family EMAIL
// PASSWORD", for scripts/lighthouse.sh).
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/argon2"

	"bookshop/internal/db"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: load argon2|signin|refresh|orders|startup|seed-books|seed-year|year|instances|search|pages|new-book|storybook-family|files|s3 [flags]")
		os.Exit(2)
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	base := fs.String("url", "", "base URL of the shop (loopback)")
	dbPath := fs.String("db", "", "SQLite file of the shop (to confirm the load accounts)")
	bin := fs.String("bin", "bin/bookshop", "binary (startup, new-book, storybook-family)")
	cover := fs.String("cover", "", "JPEG, PNG or WebP picture to upload (new-book)")
	workers := fs.Int("workers", 8, "concurrent clients")
	duration := fs.Duration("duration", 10*time.Second, "how long to measure")
	books := fs.Int("n", 5000, "books to add (seed-books), pages to ask for (pages)")
	mib := fs.Int("mib", 100, "size of the file uploaded and downloaded (files), in MiB")
	pid := fs.Int("pid", 0, "the shop's process, whose RSS is read (files) and CPU per operation (refresh, orders)")
	addr := fs.String("addr", "127.0.0.1:0", "where to listen (s3)")
	database := fs.String("database", "", "DATABASE_URL of the shop instead of -db (seed-year, year)")
	scale := fs.Float64("scale", 1, "share of the year's figures to seed (seed-year)")
	rounds := fs.Int("rounds", 50, "requests per route (year)")
	only := fs.String("only", "", "time only the year's measures whose names contain this (year)")
	url2 := fs.String("url2", "", "base URL of the second shop on the same database (instances)")
	pid2 := fs.Int("pid2", 0, "the second shop's process (instances)")
	_ = fs.Parse(os.Args[2:])
	l := &loader{base: *base, dbPath: *dbPath, database: *database, workers: *workers, duration: *duration, pid: *pid,
		client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	var err error
	switch os.Args[1] {
	case "argon2":
		err = l.argon2()
	case "signin":
		err = l.signin()
	case "refresh":
		err = l.refresh()
	case "orders":
		err = l.orders()
	case "startup":
		err = startup(*bin, *dbPath)
	case "seed-year":
		err = seedYear(l.databaseURL(), *scale)
	case "year":
		err = l.year(*rounds, *pid, *only)
	case "instances":
		err = l.instances(*url2, *pid2)
	case "seed-books":
		err = l.seedBooks(*books)
	case "search":
		err = l.search()
	case "pages":
		err = l.pages(*books)
	case "new-book":
		err = l.newBook(*bin, *cover)
	case "storybook-family":
		err = l.storybookFamily(*bin)
	case "files":
		err = l.downloads(*bin, *pid, *mib, *workers)
	case "s3":
		err = serveS3(*addr)
	default:
		err = fmt.Errorf("unknown phase %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

type loader struct {
	base, dbPath string
	database     string // a DATABASE_URL instead of dbPath (PostgreSQL)
	workers      int
	duration     time.Duration
	pid          int   // the shop's process: its CPU per operation is printed when given
	ops          int64 // operations completed by the last run
	client       *http.Client
}

// databaseURL is the shop's database: -database, or -db's SQLite file.
func (l *loader) databaseURL() string {
	if l.database != "" {
		return l.database
	}
	return "sqlite:" + l.dbPath
}

// The shop's production parameters (internal/gotrue: OWASP's minimum).
const argonMemoryKiB, argonTime, argonThreads, argonKeyLen = 19 * 1024, 2, 1, 32

// argon2 hashes with the shop's parameters on every core for the duration:
// the ceiling password sign-in is compared with.
func (l *loader) argon2() error {
	n := runtime.GOMAXPROCS(0)
	rate := l.run(n, func(int) func() error {
		salt := make([]byte, 16)
		_, _ = rand.Read(salt)
		return func() error {
			argon2.IDKey([]byte("Correct-Horse-1!"), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
			return nil
		}
	})
	fmt.Printf("argon2 %.1f hashes/s (%d goroutines)\n", rate, n)
	return nil
}

// signin signs in with the password again and again, one account per worker.
func (l *loader) signin() error {
	accounts, err := l.accounts(l.workers)
	if err != nil {
		return err
	}
	rate := l.run(l.workers, func(i int) func() error {
		a := accounts[i]
		return func() error {
			_, err := l.token("password", map[string]string{"email": a.email, "password": a.password})
			return err
		}
	})
	fmt.Printf("signin %.1f req/s (%d workers)\n", rate, l.workers)
	return nil
}

// refresh rotates each worker's own refresh-token chain.
func (l *loader) refresh() error {
	accounts, err := l.accounts(l.workers)
	if err != nil {
		return err
	}
	tokens := make([]string, len(accounts))
	for i, a := range accounts {
		t, err := l.token("password", map[string]string{"email": a.email, "password": a.password})
		if err != nil {
			return err
		}
		tokens[i] = t.RefreshToken
	}
	cpu := cpuTime(l.pid)
	rate := l.run(l.workers, func(i int) func() error {
		return func() error {
			t, err := l.token("refresh_token", map[string]string{"refresh_token": tokens[i]})
			if err != nil {
				return err
			}
			tokens[i] = t.RefreshToken
			return nil
		}
	})
	fmt.Printf("refresh %.1f req/s (%d workers)%s\n", rate, l.workers, l.cpuPerOp(cpu))
	return nil
}

// orders places guest demo-card orders.
func (l *loader) orders() error {
	body, _ := json.Marshal(map[string]any{
		"action": "demo_payment", "method": "card", "amount": 54.97,
		"items": []map[string]any{
			{"id": 1, "name": "Siso and the Stripe That Got Away", "quantity": 2, "unitPrice": 14.99},
			{"id": 3, "name": "Our First Adventure", "quantity": 1, "unitPrice": 19.99},
		},
		"shippingInfo": map[string]any{"fullName": "Load Tester", "email": "load@example.com", "address": "12 Story Lane",
			"city": "Springfield", "state": "IL", "zipCode": "62701", "country": "United States", "cardNumber": "4111111111111111"},
	})
	cpu := cpuTime(l.pid)
	rate := l.run(l.workers, func(int) func() error {
		return func() error {
			var out struct {
				Success bool `json:"success"`
			}
			if err := l.post("/functions/v1/process-payment", body, &out); err != nil {
				return err
			}
			if !out.Success {
				return errors.New("order not successful")
			}
			return nil
		}
	})
	fmt.Printf("orders %.1f req/s (%d workers)%s\n", rate, l.workers, l.cpuPerOp(cpu))
	return nil
}

// cpuPerOp is " cpu X ms/op load A B C": the shop's CPU since cpu0 per
// operation of the last run, which the machine's load does
// not inflate as it does the rate; "" without -pid.
func (l *loader) cpuPerOp(cpu0 time.Duration) string {
	if l.pid == 0 || l.ops == 0 {
		return ""
	}
	return fmt.Sprintf(" cpu %.3f ms/op load %s", ms(cpuTime(l.pid)-cpu0)/float64(l.ops), loadAvg())
}

// run calls each worker's operation in a loop for the duration and returns
// the completed operations per second. The first error stops the run.
func (l *loader) run(workers int, op func(worker int) func() error) float64 {
	var done atomic.Int64
	var firstErr error
	var once sync.Once
	stop := make(chan struct{})
	var wg sync.WaitGroup
	start := time.Now()
	for i := range workers {
		f := op(i)
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if err := f(); err != nil {
					once.Do(func() { firstErr = err; close(stop) })
					return
				}
				done.Add(1)
			}
		})
	}
	select {
	case <-time.After(l.duration):
		once.Do(func() { close(stop) })
	case <-stop:
	}
	wg.Wait()
	if firstErr != nil {
		fmt.Fprintln(os.Stderr, "load: stopped by", firstErr)
		os.Exit(1)
	}
	l.ops = done.Load()
	return float64(l.ops) / time.Since(start).Seconds()
}

type account struct{ email, password string }

// accounts signs up n accounts and confirms them in the database (the
// confirmation e-mail's link is not what is measured).
func (l *loader) accounts(n int) ([]account, error) {
	out := make([]account, n)
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	for i := range out {
		out[i] = account{email: fmt.Sprintf("load-%s-%d@example.com", run, i), password: "LoadTest1!"}
		if err := l.post("/auth/v1/signup", mustJSON(map[string]string{"email": out[i].email, "password": out[i].password}), nil); err != nil {
			return nil, fmt.Errorf("sign up: %w", err)
		}
	}
	ctx := context.Background()
	d, err := db.Open(ctx, l.databaseURL())
	if err != nil {
		return nil, err
	}
	defer d.Close()
	_, err = d.ExecContext(ctx, `UPDATE users SET email_confirmed_at = ? WHERE email LIKE ? AND email_confirmed_at IS NULL`,
		time.Now().UTC(), "load-"+run+"-%")
	return out, err
}

type tokens struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
}

func (l *loader) token(grant string, body map[string]string) (tokens, error) {
	var t tokens
	err := l.post("/auth/v1/token?grant_type="+grant, mustJSON(body), &t)
	if err == nil && t.RefreshToken == "" {
		err = errors.New("no refresh token in the response")
	}
	return t, err
}

func (l *loader) post(path string, body []byte, out any) error {
	return l.send(path, "", "application/json", body, out)
}

// send POSTs body as contentType, with the access token when one is given,
// and decodes a 200 or 201's JSON into out (when not nil).
func (l *loader) send(path, accessToken, contentType string, body []byte, out any) error {
	return l.sendAs(http.MethodPost, path, accessToken, contentType, body, out)
}

// sendAs is send with another method (PUT).
func (l *loader) sendAs(method, path, accessToken, contentType string, body []byte, out any) error {
	req, err := http.NewRequest(method, l.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", contentType)
	if accessToken != "" {
		req.Header.Set("Authorization", "Bearer "+accessToken)
	}
	req.Header.Set("Idempotency-Key", rand.Text()) // each call a new attempt, as the checkout sends
	resp, err := l.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, raw)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// startup starts the binary on an existing database five times and reports
// the median time from exec to the first response to GET /api/health.
func startup(bin, dbPath string) error {
	var times []time.Duration
	for range 5 {
		d, err := startOnce(bin, dbPath)
		if err != nil {
			return err
		}
		times = append(times, d)
	}
	slices.Sort(times)
	fmt.Printf("startup %.1f ms (median of %d)\n", float64(times[len(times)/2].Microseconds())/1000, len(times))
	return nil
}

func startOnce(bin, dbPath string) (time.Duration, error) {
	port, err := freePort()
	if err != nil {
		return 0, err
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "DATABASE_URL=sqlite:"+dbPath)
	client := &http.Client{Timeout: time.Second}
	url := fmt.Sprintf("http://127.0.0.1:%d/api/health", port)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	defer func() { _ = cmd.Process.Signal(os.Interrupt); _ = cmd.Wait() }()
	for time.Since(start) < 20*time.Second {
		if resp, err := client.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return time.Since(start), nil
			}
		}
		time.Sleep(200 * time.Microsecond)
	}
	return 0, errors.New("the shop did not respond within 20 s")
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
