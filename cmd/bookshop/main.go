// Command bookshop is the whole shop in one binary: `serve` runs the web app
// and its API, `migrate` applies the schema, `version` prints the build, and
// `admin` grants and revokes staff roles.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"syscall"

	"bookshop/internal/config"
	"bookshop/internal/db"
	"bookshop/internal/httpx"
	"bookshop/internal/server"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `Usage: bookshop <command> [flags]

Commands:
  serve [--dev]          run the shop (the web app and its API)
  migrate                apply database migrations and exit
  admin grant EMAIL [owner|manager|editor|support]
                         give an account a staff role (default owner)
  admin revoke EMAIL     take the staff role away
  backup [--to DIR]      write an archive of the whole shop (BACKUP_DIR by default);
                         its path is the last line printed
  restore FILE [--identity KEYFILE]
                         replace the shop's data with an archive's (stop the shop first)
  keys list | rotate [--alg ES256|RS256] [--now] | import PEMFILE [--now]
                         the keys that sign access tokens: list them, add a new one
                         (the old one verifies until its tokens expire)
  version                print the version

Configuration comes from environment variables; see the README.
`

// defaultMemoryLimit is the Go runtime's soft memory limit unless GOMEMLIMIT
// says otherwise. Sign-ins allocate 19 MiB per argon2id hash and drop it at
// once; with the limit the collector returns that memory before the heap
// doubles, so a burst of sign-ins does not multiply the peak RSS.
const defaultMemoryLimit = 64 << 20

// defaultGCPercent is GOGC unless the environment sets it. The live heap is
// a few megabytes, so the default 100 collects every few megabytes of
// requests, and in the middle of every password hash (which also collects
// once it is done, internal/gotrue); the memory limit above is what bounds
// the heap, so collecting less often costs no memory and speeds sign-in.
const defaultGCPercent = 400

func main() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(defaultGCPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bookshop:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return errors.New("no command given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "version":
		fmt.Fprintln(stdout, "bookshop", version)
		return nil
	case "serve":
		return serve(ctx, rest)
	case "migrate":
		return migrate(ctx)
	case "admin":
		return admin(ctx, rest, stdout)
	case "backup":
		return backupCmd(ctx, rest, stdout)
	case "restore":
		return restoreCmd(ctx, rest, stdout)
	case "keys":
		return keysCmd(ctx, rest, stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stdout, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

func serve(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	dev := fs.Bool("dev", false, "development mode: development mailbox, verbose logs")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, d, err := openFromEnv(ctx, *dev)
	if err != nil {
		return err
	}
	if err := cfg.CheckScheduledBackups(); err != nil {
		d.Close()
		return fmt.Errorf("configuration:\n%w", err)
	}
	defer func() {
		d.Close()
		slog.Info("database closed")
	}()

	srv, err := server.New(cfg, d, server.WithAppVersion(version))
	if err != nil {
		return err
	}
	return srv.Run(ctx, ":"+strconv.Itoa(cfg.Port))
}

func migrate(ctx context.Context) error {
	_, d, err := openFromEnv(ctx, false)
	if err != nil {
		return err
	}
	return d.Close()
}

// openFromEnv is the start of every command that needs the database: the
// configuration from the environment (dev turns development mode on), the
// logging, and the database with its migrations applied.
func openFromEnv(ctx context.Context, dev bool) (config.Config, *db.DB, error) {
	cfg, err := config.Load(os.LookupEnv)
	if err != nil {
		return config.Config{}, nil, fmt.Errorf("configuration:\n%w", err)
	}
	cfg.Dev = cfg.Dev || dev
	setupLogging(cfg.Dev)
	d, err := openAndMigrate(ctx, cfg)
	if err != nil {
		return config.Config{}, nil, err
	}
	return cfg, d, nil
}

func openAndMigrate(ctx context.Context, cfg config.Config) (*db.DB, error) {
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	applied, err := d.Migrate(ctx)
	if err != nil {
		d.Close()
		return nil, err
	}
	slog.Info("database ready", "dialect", d.Dialect, "migrations_applied", applied)
	return d, nil
}

func setupLogging(dev bool) {
	level := slog.LevelInfo
	if dev {
		level = slog.LevelDebug
	}
	base := slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level})
	slog.SetDefault(slog.New(httpx.LogHandler{Handler: base}))
}
