package main

import (
	"fmt"
	"os"
	"os/exec"
)

// storybookFamily makes a family that has the shipped storybook (Our First
// Adventure, storybook 1), as support gives it: a family's account and a
// support account (signed up and confirmed as accounts does, the role
// given by the shop's command line, two-step on), then the grant. It
// prints the family's e-mail and password, for web/scripts/storybook-turns.mjs
// to sign in and read with.
func (l *loader) storybookFamily(bin string) error {
	accounts, err := l.accounts(2)
	if err != nil {
		return err
	}
	family, support := accounts[0], accounts[1]
	grant := exec.Command(bin, "admin", "grant", support.email, "support")
	grant.Env = append(os.Environ(), "DATABASE_URL=sqlite:"+l.dbPath)
	if out, err := grant.CombinedOutput(); err != nil {
		return fmt.Errorf("bookshop admin grant: %w: %s", err, out)
	}
	token, err := l.twoStep(support)
	if err != nil {
		return err
	}
	if err := l.send("/api/admin/storybooks/1/grants", token, "application/json", mustJSON(map[string]string{"email": family.email}), nil); err != nil {
		return fmt.Errorf("grant: %w", err)
	}
	fmt.Printf("storybook-family %s %s\n", family.email, family.password)
	return nil
}
