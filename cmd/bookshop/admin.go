package main

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// admin grants or revokes the admin role. The accounts feature provides the
// role storage; until then the command explains itself.
func admin(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) != 2 || (args[0] != "grant" && args[0] != "revoke") {
		return errors.New("usage: bookshop admin grant|revoke EMAIL")
	}
	_ = ctx
	fmt.Fprintln(stdout, "admin roles are not available yet")
	return errors.New("admin: accounts are not built yet")
}
