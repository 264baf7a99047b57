#!/usr/bin/env bash
# Runs @supabase/auth-js's own tests against the shop (the measure of its
# GoTrue compatibility, issue #29), without Supabase's Docker set-up:
#   AUTHJS_TESTS=/path/to/supabase-js/packages/core/auth-js/test scripts/authjs-official.sh [files...]
# Default files: the passkey ceremonies, the client's tests (MFA with TOTP
# and WebAuthn, identities, sessions...) and the admin API's. The tests run
# in Vitest on the installed package's source (web/node_modules/@supabase/
# auth-js/src), with test/lib/clients.ts replaced by scripts/authjs/clients.ts
# (the shop's URL and service-role key) and faker and jsonwebtoken stubbed
# (scripts/authjs/stubs, as packages). The shop runs from bin/bookshop (make build) on a
# free port with a throwaway SQLite database; sign-ups are confirmed at once,
# as in Supabase's test server. Not part of `make test`: it needs a checkout
# of supabase-js, and counts what passes rather than requiring all of it
# (phone, SAML, OAuth server and other features the shop turns off fail).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${AUTHJS_TESTS:?set AUTHJS_TESTS to a supabase-js checkout: packages/core/auth-js/test}"
[[ -x bin/bookshop ]] || { echo "bin/bookshop is missing: run make build" >&2; exit 1; }
FILES=("$@")
[[ ${#FILES[@]} -gt 0 ]] || FILES=(passkey.e2e.test.ts GoTrueClient.test.ts GoTrueApi.test.ts)

WORK=$(mktemp -d /tmp/authjs-official.XXXXXX)
SERVER_PID=
cleanup() {
  [[ -n "$SERVER_PID" ]] && { kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; }
  rm -rf "$WORK"
}
trap cleanup EXIT

cp -r "$AUTHJS_TESTS" "$WORK/test"
cp scripts/authjs/clients.ts "$WORK/test/lib/clients.ts"
cp scripts/authjs/setup.ts scripts/authjs/vitest.config.ts "$WORK/"
ln -s "$PWD/web/node_modules/@supabase/auth-js/src" "$WORK/src"
mkdir "$WORK/node_modules"
for entry in web/node_modules/* web/node_modules/.bin; do ln -s "$PWD/$entry" "$WORK/node_modules/"; done
cp -r scripts/authjs/stubs/* "$WORK/node_modules/"

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
KEY="authjs-official-service-role-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
# The passkey tests' software authenticator signs for http://localhost:5173 (Supabase's config.toml).
PORT=$PORT DATABASE_URL="sqlite:$WORK/shop.db" SITE_URL="http://localhost:$PORT" \
  AUTH_CORS_ORIGINS=http://localhost:5173 AUTH_SERVICE_ROLE_KEY="$KEY" MAILER_AUTOCONFIRM=true \
  RATE_LIMIT_PER_MINUTE=100000 EMAIL_COOLDOWN_SECONDS=1 \
  bin/bookshop serve >"$WORK/shop.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do
  curl -fsS -o /dev/null "http://localhost:$PORT/api/health" 2>/dev/null && break
  sleep 0.1
done

cd "$WORK"
GOTRUE_URL="http://localhost:$PORT/auth/v1" SERVICE_ROLE_KEY="$KEY" \
  node_modules/.bin/vitest run --config vitest.config.ts --root "$WORK" ${AUTHJS_VITEST_ARGS:-} "${FILES[@]/#/test/}" || status=$?
exit "${status:-0}"
