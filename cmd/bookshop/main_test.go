package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestVersionAndUsage(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"version"}, &out); err != nil || !strings.HasPrefix(out.String(), "bookshop ") {
		t.Fatalf("version: %q, %v", out.String(), err)
	}
	out.Reset()
	if err := run(context.Background(), []string{"frobnicate"}, &out); err == nil || !strings.Contains(out.String(), "Usage") {
		t.Fatalf("unknown command: %q, %v", out.String(), err)
	}
}

func TestServeRefusesBadConfigurationNamingTheVariable(t *testing.T) {
	t.Setenv("PORT", "not-a-port")
	err := run(context.Background(), []string{"serve"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "PORT") {
		t.Fatalf("got %v, want an error naming PORT", err)
	}
}

func TestMigrateTwiceIsHarmless(t *testing.T) {
	t.Setenv("DATABASE_URL", "sqlite:"+t.TempDir()+"/shop.db")
	for i := 0; i < 2; i++ {
		if err := run(context.Background(), []string{"migrate"}, &bytes.Buffer{}); err != nil {
			t.Fatalf("migrate run %d: %v", i+1, err)
		}
	}
}

func TestAdminOpensTheConfiguredDatabase(t *testing.T) {
	t.Setenv("DATABASE_URL", "sqlite:"+t.TempDir()+"/shop.db")
	err := run(context.Background(), []string{"admin", "grant", "nobody@example.com"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), `no account uses the e-mail address "nobody@example.com"`) {
		t.Fatalf("got %v", err)
	}
	t.Setenv("DATABASE_URL", "mysql://nope")
	if err := run(context.Background(), []string{"admin", "grant", "a@example.com"}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
		t.Fatalf("bad configuration: %v", err)
	}
}
