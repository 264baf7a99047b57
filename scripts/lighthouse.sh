#!/usr/bin/env bash
# The browser figures of issue #13, reproducible: starts `bookshop serve`
# (not dev) on a temporary database on loopback and runs Lighthouse 12 in
# mobile defaults on the public routes, then prints the table. `make
# lighthouse` builds first; BIN=path measures another build. Lighthouse comes
# from npm (npx); Chromium from CHROME_PATH (default /usr/bin/chromium). Not
# run by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-bin/bookshop}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
[ -x "$BIN" ] || { echo "lighthouse: $BIN not built (make build)" >&2; exit 1; }
[ -d web/node_modules ] || (cd web && npm ci --no-audit --no-fund)

tmp=$(mktemp -d /tmp/bookshop-lighthouse.XXXXXX)
shop=""
cleanup() {
  [ -n "$shop" ] && kill "$shop" 2>/dev/null && wait "$shop" 2>/dev/null
  rm -rf "$tmp/shop.db"*
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
PORT=$port DATABASE_URL="sqlite:$tmp/shop.db" "$BIN" serve >"$tmp/shop.log" 2>&1 &
shop=$!
url="http://127.0.0.1:$port"
for _ in $(seq 200); do curl -fsS "$url/api/health" >/dev/null 2>&1 && break; sleep 0.05; done

echo "Lighthouse 12, mobile defaults, $BIN"
(cd web && node scripts/lighthouse.mjs "$url" "$tmp")
