#!/usr/bin/env bash
# The browser figures of issue #13, reproducible: starts `bookshop serve`
# (not dev) on a temporary database on loopback and runs Lighthouse 12 in
# mobile defaults on the public routes (with the storybook's preview,
# /read/our-first-adventure) and on the page of a book an editor has just
# created in the back office with an uploaded cover, then prints the table.
# Then issue #35's reading figures: a family given the storybook reads its
# every path as a mid-range phone (web/scripts/storybook-turns.mjs: the time
# from a choice to the next page shown) and keeps it for offline (its size).
# `make lighthouse` builds first; BIN=path measures another build;
# TURNS=0 leaves the reading figures out; TRACE=file.json records a Chrome
# performance trace of the turns.
# Lighthouse comes from npm (npx); Chromium from CHROME_PATH (default
# /usr/bin/chromium). Not run by `make test`.
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
db="$tmp/shop.db"
PORT=$port DATABASE_URL="sqlite:$db" "$BIN" serve >"$tmp/shop.log" 2>&1 &
shop=$!
url="http://127.0.0.1:$port"
for _ in $(seq 200); do curl -fsS "$url/api/health" >/dev/null 2>&1 && break; sleep 0.05; done

# A new book, as an editor adds one (scripts/load new-book: the back
# office's API at aal2), with a cover a publisher would upload: a shipped
# cover's art drawn by Chromium as an 800 × 1200 PNG.
"$CHROME_PATH" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=400,600 \
  --force-device-scale-factor=2 --screenshot="$tmp/cover.png" web/public/covers/book-3.svg >/dev/null 2>&1
go build -o "$tmp/load" ./scripts/load
new_book=$("$tmp/load" new-book -url "$url" -db "$db" -bin "$BIN" -cover "$tmp/cover.png" | awk '{print $2}')

echo "Lighthouse 12, mobile defaults, $BIN; the new book is $new_book"
(cd web && NEW_BOOK="$new_book" node scripts/lighthouse.mjs "$url" "$tmp")

if [ "${TURNS:-1}" != 0 ]; then
  read -r _ family password < <("$tmp/load" storybook-family -url "$url" -db "$db" -bin "$BIN")
  (cd web && node scripts/storybook-turns.mjs "$url" "$family" "$password")
fi
