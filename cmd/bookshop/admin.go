package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"bookshop/internal/auth"
	"bookshop/internal/gotrue"
)

const adminUsage = "usage: bookshop admin grant EMAIL [owner|manager|editor|support] (default owner), or bookshop admin revoke EMAIL"

// admin grants a staff role (profiles.role) to an account, found by its
// e-mail address, or takes it away. The change is in the audit log.
func admin(ctx context.Context, args []string, stdout io.Writer) error {
	email, role, err := parseAdminArgs(args)
	if err != nil {
		return err
	}
	_, d, err := openFromEnv(ctx, false)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := gotrue.SetRole(ctx, d, email, role); err != nil {
		if errors.Is(err, gotrue.ErrUnknownEmail) {
			return fmt.Errorf("admin: no account uses the e-mail address %q (the person must sign up first)", email)
		}
		return fmt.Errorf("admin: %w", err)
	}
	if role == auth.RoleUser {
		fmt.Fprintf(stdout, "%s is no longer staff\n", email)
	} else {
		fmt.Fprintf(stdout, "%s is now %s\n", email, role)
	}
	return nil
}

// parseAdminArgs reads "grant EMAIL [ROLE]" or "revoke EMAIL".
func parseAdminArgs(args []string) (string, auth.Role, error) {
	switch {
	case len(args) == 2 && args[0] == "revoke":
		return args[1], auth.RoleUser, nil
	case len(args) == 2 && args[0] == "grant":
		return args[1], auth.RoleOwner, nil
	case len(args) == 3 && args[0] == "grant":
		role := auth.Role(args[2])
		if !role.IsStaff() {
			return "", "", fmt.Errorf("admin: unknown role %q\n%s", args[2], adminUsage)
		}
		return args[1], role, nil
	}
	return "", "", errors.New(adminUsage)
}
