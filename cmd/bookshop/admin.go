package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"bookshop/internal/auth"
)

// admin grants or revokes the admin role (profiles.role) of an account,
// found by its e-mail address.
func admin(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) != 2 || (args[0] != "grant" && args[0] != "revoke") {
		return errors.New("usage: bookshop admin grant|revoke EMAIL")
	}
	_, d, err := openFromEnv(ctx, false)
	if err != nil {
		return err
	}
	defer d.Close()
	grant, email := args[0] == "grant", args[1]
	if err := auth.SetAdmin(ctx, d, email, grant); err != nil {
		if errors.Is(err, auth.ErrUnknownEmail) {
			return fmt.Errorf("admin: no account uses the e-mail address %q (the person must sign up first)", email)
		}
		return fmt.Errorf("admin: %w", err)
	}
	if grant {
		fmt.Fprintf(stdout, "%s is now an admin\n", email)
	} else {
		fmt.Fprintf(stdout, "%s is no longer an admin\n", email)
	}
	return nil
}
