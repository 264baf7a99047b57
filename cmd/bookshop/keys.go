package main

import (
	"context"
	"crypto"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"bookshop/internal/gotrue"
)

const keysUsage = `usage: bookshop keys list
       bookshop keys rotate [--alg ES256|RS256] [--now]
       bookshop keys import PEMFILE [--now]`

// keys manages the keys that sign access tokens (internal/gotrue/signing_keys.go).
// rotate makes a new key, published in the JWKS at once and signing ten
// minutes later (--now: at once, when the old key must stop signing now);
// the old key verifies until its tokens have expired. import does the same
// with a P-256 EC or RSA private key in PEM.
func keysCmd(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New(keysUsage)
	}
	fs := flag.NewFlagSet("keys "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	alg := fs.String("alg", gotrue.AlgES256, "")
	now := fs.Bool("now", false, "")
	var key crypto.Signer
	switch args[0] {
	case "list":
		if len(args) != 1 {
			return errors.New(keysUsage)
		}
	case "rotate":
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 0 {
			return errors.New(keysUsage)
		}
		var err error
		if key, err = gotrue.GenerateSigningKey(*alg); err != nil {
			return fmt.Errorf("keys: %w", err)
		}
	case "import":
		if len(args) < 2 {
			return errors.New(keysUsage)
		}
		if err := fs.Parse(args[2:]); err != nil || fs.NArg() != 0 {
			return errors.New(keysUsage)
		}
		data, err := os.ReadFile(args[1])
		if err != nil {
			return fmt.Errorf("keys: %w", err)
		}
		if key, err = gotrue.ParseSigningKeyPEM(data); err != nil {
			return fmt.Errorf("keys: %s: %w", args[1], err)
		}
	default:
		return errors.New(keysUsage)
	}
	cfg, d, err := openFromEnv(ctx, false)
	if err != nil {
		return err
	}
	defer d.Close()
	if cfg.JWTSecret != "" {
		fmt.Fprintln(stdout, "note: JWT_SECRET is set, so the shop signs with it (HS256) and not with these keys")
	}
	if key != nil {
		info, err := gotrue.AddSigningKey(ctx, d, key, *now, time.Now())
		if err != nil {
			return fmt.Errorf("keys: %w", err)
		}
		fmt.Fprintf(stdout, "added %s key %s: in the JWKS now, signs from %s\n", info.Alg, info.KID, info.SignsFrom.Format(time.RFC3339))
	}
	list, err := gotrue.ListSigningKeys(ctx, d)
	if err != nil {
		return fmt.Errorf("keys: %w", err)
	}
	for _, k := range list {
		until := "-"
		if !k.VerifiesUntil.IsZero() {
			until = k.VerifiesUntil.Format(time.RFC3339)
		}
		fmt.Fprintf(stdout, "%s  %s  created %s  signs from %s  verifies until %s\n", k.KID, k.Alg,
			k.CreatedAt.Format(time.RFC3339), k.SignsFrom.Format(time.RFC3339), until)
	}
	return nil
}
