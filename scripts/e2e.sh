#!/usr/bin/env bash
# Runs the Playwright journeys in Debian's Chromium against the built binary,
# on a free port with a temporary database. Extra arguments go to Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

E2E_PORT=$(free_port)
E2E_DATA_DIR=$(mktemp -d /tmp/bookshop-e2e.XXXXXX)
export E2E_PORT E2E_DATA_DIR
export BOOKSHOP_BIN="$PWD/bin/bookshop"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
trap 'rm -rf "$E2E_DATA_DIR"' EXIT

cd web
npx playwright test "$@"
