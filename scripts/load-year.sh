#!/usr/bin/env bash
# A year of a busy shop (issue #40): seeds 5,000 books, 50,000 customers
# with children and consents, 200,000 orders in every state with lines,
# timelines and refunds, 1,000,000 audit entries and 20,000 subscribers
# straight into the tables of a temporary database (scripts/load
# seed-year), starts the shop on it on loopback, and times the back
# office: every list, search, filter, order and customer page (p50, p99),
# the sales dashboard, the audit log paged to its end by its cursor, and the
# orders' CSV of the year with the shop's peak RSS; on SQLite, `bookshop
# backup` and `bookshop restore` of the year, timed. On SQLite, then on a
# throwaway PostgreSQL (scripts/with-postgres.sh) unless YEAR_DBS=sqlite.
# Each line carries the machine's load average. `make load` ends with it;
# never `make test`.
#
# On PostgreSQL a second shop then serves the same database beside the
# first: both under demo orders and catalogue reads, whether they agree
# (catalogue, settings, stock) and each one's peak RSS (load instances).
#
#   scripts/load-year.sh                     # bin/bookshop, both databases
#   YEAR_DBS=sqlite SCALE=0.1 ROUNDS=20 scripts/load-year.sh
#   YEAR_SQLITE=/tmp/year.db YEAR_PG_URL=postgres://... ONLY='orders list' scripts/load-year.sh
#                                            # kept databases, seeded on the first run only;
#                                            # only the measures whose names hold ONLY
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-bin/bookshop}
SCALE=${SCALE:-1}
ROUNDS=${ROUNDS:-50}
YEAR_DBS=${YEAR_DBS:-sqlite postgres}
[ -x "$BIN" ] || { echo "load-year: $BIN not built (make build)" >&2; exit 1; }

tmp=$(mktemp -d /tmp/bookshop-year.XXXXXX)
shop=
shop2=
cleanup() {
  [ -n "$shop" ] && kill "$shop" 2>/dev/null || true
  [ -n "$shop2" ] && kill "$shop2" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
go build -o "$tmp/load" ./scripts/load

# one DATABASE_URL: seed, serve, measure, stop.
one() {
  local url=$1 port
  echo "== $url (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  DATABASE_URL="$url" "$BIN" migrate >/dev/null 2>&1
  timeout 1800 "$tmp/load" seed-year -database "$url" -scale "$SCALE"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  PORT=$port DATABASE_URL="$url" RATE_LIMIT_PER_MINUTE=100000000 BACKUP_EVERY=0 "$BIN" serve >"$tmp/shop.log" 2>&1 &
  shop=$!
  for _ in $(seq 600); do curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
  kill -0 "$shop" 2>/dev/null || { echo "load-year: the shop did not start:" >&2; tail -n 20 "$tmp/shop.log" >&2; return 1; }
  timeout 1800 "$tmp/load" year -url "http://127.0.0.1:$port" -database "$url" -pid "$shop" -rounds "$ROUNDS" ${ONLY:+-only "$ONLY"}
  case $url in postgres*) [ -z "${ONLY:-}" ] || [[ instances == *"$ONLY"* ]] && instances "$url" "$port" ;; esac
  kill "$shop"; wait "$shop" 2>/dev/null || true; shop=
  case $url in sqlite:*) [ -z "${ONLY:-}" ] && backup_restore "$url" ;; esac
  return 0
}

# instances starts a second shop on the same PostgreSQL database beside the
# first (on $2) and puts both under demo orders and catalogue reads at
# once, then checks that they agree and prints each one's peak RSS.
instances() {
  local url=$1 port2
  port2=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  PORT=$port2 DATABASE_URL="$url" RATE_LIMIT_PER_MINUTE=100000000 BACKUP_EVERY=0 "$BIN" serve >"$tmp/shop2.log" 2>&1 &
  shop2=$!
  for _ in $(seq 600); do curl -fsS "http://127.0.0.1:$port2/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
  timeout 600 "$tmp/load" instances -url "http://127.0.0.1:$2" -pid "$shop" -url2 "http://127.0.0.1:$port2" -pid2 "$shop2" \
    -database "$url" -duration "${INSTANCES_SECONDS:-10}s" || echo "load-year: the two instances disagree (above)"
  kill "$shop2"; wait "$shop2" 2>/dev/null || true; shop2=
}

# backup_restore times `bookshop backup` and `bookshop restore` of the
# year's SQLite database (the shop stopped), with the archive's size.
backup_restore() {
  local url=$1 start archive
  start=$EPOCHREALTIME
  archive=$(DATABASE_URL="$url" "$BIN" backup --to "$tmp/backups" 2>/dev/null | tail -n 1)
  awk -v s="$start" -v e="$EPOCHREALTIME" -v b="$(stat -c %s "$archive")" -v l="$(cut -d' ' -f1-3 /proc/loadavg)" \
    'BEGIN { printf "year backup              %.1f s, %d MB  load %s\n", e - s, b / 1e6, l }'
  start=$EPOCHREALTIME
  DATABASE_URL="$url" "$BIN" restore "$archive" >/dev/null 2>&1
  awk -v s="$start" -v e="$EPOCHREALTIME" -v l="$(cut -d' ' -f1-3 /proc/loadavg)" \
    'BEGIN { printf "year restore             %.1f s  load %s\n", e - s, l }'
}

for dbs in $YEAR_DBS; do
  case $dbs in
    sqlite) one "sqlite:${YEAR_SQLITE:-$tmp/year.db}" ;;
    postgres)
      if [ -n "${YEAR_PG_URL:-}" ]; then
        one "$YEAR_PG_URL"
      else
        export -f one backup_restore instances; export BIN SCALE ROUNDS tmp ONLY
        # shellcheck disable=SC2016
        scripts/with-postgres.sh bash -c 'one "$TEST_DATABASE_URL"'
      fi ;;
  esac
done
