#!/usr/bin/env bash
# Runs the Playwright journeys in Debian's Chromium against the built binary,
# in E2E_WORKERS parallel workers (default 2), each with its own shop server on a
# free port and its own temporary database. Extra arguments go to Playwright.
# A fake PayPal (REST API and a test copy of the JS SDK) and a fake Google
# (OpenID Connect provider) run beside the shop, which is pointed at them
# through E2E_EXTRA_ENV. E2E_PORTS (comma-separated, one per worker),
# FAKE_PAYPAL_PORT and FAKE_GOOGLE_PORT may be set to pin the ports.
set -euo pipefail
cd "$(dirname "$0")/.."

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

E2E_WORKERS=${E2E_WORKERS:-2}
if [[ -z "${E2E_PORTS:-}" ]]; then
  E2E_PORTS=$(python3 -c '
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks: s.bind(("127.0.0.1", 0))
print(",".join(str(s.getsockname()[1]) for s in socks))' "$E2E_WORKERS")
fi
E2E_DATA_DIR=$(mktemp -d /tmp/bookshop-e2e.XXXXXX)
export E2E_PORTS E2E_DATA_DIR
export BOOKSHOP_BIN="$PWD/bin/bookshop"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

FAKE_PIDS=()
cleanup() {
  for pid in "${FAKE_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$E2E_DATA_DIR"
}
trap cleanup EXIT

# Both fakes in one go build (one load of the package graph, not two).
go build -o "$E2E_DATA_DIR/" ./internal/paypal/paypaltest/cmd/fakepaypal ./internal/gotrue/googletest/cmd/fakegoogle

# start_fake NAME URL-TO-POLL ARGS...: starts a fake built above, waits until it answers.
start_fake() {
  local name=$1 probe=$2; shift 2
  "$E2E_DATA_DIR/$name" "$@" >"$E2E_DATA_DIR/$name.log" 2>&1 &
  FAKE_PIDS+=($!)
  for _ in $(seq 50); do
    curl -fsS -o /dev/null "$probe" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "$name did not start:" >&2; cat "$E2E_DATA_DIR/$name.log" >&2; exit 1
}

FAKE_PAYPAL="http://127.0.0.1:${FAKE_PAYPAL_PORT:-$(free_port)}"
start_fake fakepaypal "$FAKE_PAYPAL/sdk/js" -addr "${FAKE_PAYPAL#http://}"
FAKE_GOOGLE="http://127.0.0.1:${FAKE_GOOGLE_PORT:-$(free_port)}"
start_fake fakegoogle "$FAKE_GOOGLE/.well-known/openid-configuration" \
  -addr "${FAKE_GOOGLE#http://}" -client-id e2e-google-client

# Merged into the shop's environment by playwright.config.ts (a caller's own E2E_EXTRA_ENV wins).
E2E_EXTRA_ENV=$(FAKE_PAYPAL="$FAKE_PAYPAL" FAKE_GOOGLE="$FAKE_GOOGLE" python3 -c '
import json, os
env = {"PAYPAL_CLIENT_ID": "fake-client-id", "PAYPAL_CLIENT_SECRET": "fake-client-secret",
       "PAYPAL_API_BASE": os.environ["FAKE_PAYPAL"], "PAYPAL_SDK_URL": os.environ["FAKE_PAYPAL"] + "/sdk/js",
       "GOOGLE_CLIENT_ID": "e2e-google-client", "GOOGLE_CLIENT_SECRET": "e2e-google-secret",
       "GOOGLE_ISSUER": os.environ["FAKE_GOOGLE"], "PAYPAL_WEBHOOK_ID": "WH-FAKE-0001"}
env.update(json.loads(os.environ.get("E2E_EXTRA_ENV") or "{}"))
print(json.dumps(env))')
export E2E_EXTRA_ENV

cd web
npx playwright test "$@"
