#!/usr/bin/env bash
# The server figures, reproducible: starts the shop on a temporary database
# on loopback, runs wrk against GET /api/books (plain, and conditional GETs
# that get a 304) and nginx serving the same bytes, then scripts/load
# (sign-in against raw argon2id, refresh rotation, demo orders, start-up),
# then the catalogue and orders at once, each reported as its share of its
# own rate alone, then 5,000 more books: a shop started on them, the search
# of /books, the first render of PAGES books' pages and that shop's peak
# RSS; and prints the table. Every phase is bounded in time; everything it
# started is stopped on exit. `make load` builds first; BIN=path compares
# another build (e.g. an older commit's binary). Not run by `make test`.
#
#   scripts/load.sh                    # bin/bookshop, 10 s per phase
#   BIN=/tmp/before/bin/bookshop DURATION=5 PAGES=300 scripts/load.sh
#   WRITES_ONLY=1 scripts/load.sh      # up to refresh rotation and demo orders, then stop
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-bin/bookshop}
DURATION=${DURATION:-10}   # seconds per phase
WORKERS=${WORKERS:-8}
PAGES=${PAGES:-300}         # books' pages rendered at scale

need() { command -v "$1" >/dev/null || { echo "load: $1 is missing (apt-get install -y wrk nginx)" >&2; exit 1; }; }
[ -n "${WRITES_ONLY:-}" ] || need wrk
[ -n "${WRITES_ONLY:-}" ] || need nginx
[ -x "$BIN" ] || { echo "load: $BIN not built (make build)" >&2; exit 1; }

tmp=$(mktemp -d /tmp/bookshop-load.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

go build -o "$tmp/load" ./scripts/load

# The shop on a fresh database, with rate limits out of the way of the load.
db="$tmp/shop.db"
DATABASE_URL="sqlite:$db" "$BIN" migrate >/dev/null 2>&1
startup=$("$tmp/load" startup -bin "$BIN" -db "$db" | awk '{print $2}')
port=$(free_port)
PORT=$port DATABASE_URL="sqlite:$db" RATE_LIMIT_PER_MINUTE=100000000 "$BIN" serve >"$tmp/shop.log" 2>&1 &
shop=$!
pids+=("$shop")
url="http://127.0.0.1:$port"
for _ in $(seq 200); do curl -fsS "$url/api/health" >/dev/null 2>&1 && break; sleep 0.05; done

if [ -z "${WRITES_ONLY:-}" ]; then
# nginx serving the very bytes of GET /api/books.
mkdir -p "$tmp/www/api" "$tmp/nginx"
curl -fsS "$url/api/books" -o "$tmp/www/api/books"
nport=$(free_port)
cat >"$tmp/nginx/nginx.conf" <<EOF
worker_processes auto;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx; proxy_temp_path $tmp/nginx; fastcgi_temp_path $tmp/nginx;
  uwsgi_temp_path $tmp/nginx; scgi_temp_path $tmp/nginx;
  server {
    listen 127.0.0.1:$nport;
    root $tmp/www;
    location / { default_type application/json; }
  }
}
EOF
nginx -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" -g 'daemon off;' 2>>"$tmp/nginx/error.log" &
pids+=("$!")
for _ in $(seq 100); do curl -fsS "http://127.0.0.1:$nport/api/books" >/dev/null 2>&1 && break; sleep 0.05; done

# wrk's "Requests/sec" and its 99th percentile in ms; more arguments go to wrk.
wrk_run() {
  local out rps p99
  out=$(wrk -t2 -c32 -d"${DURATION}s" --latency "$@")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {v=$2; if (v ~ /us$/) {sub(/us$/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v=v*1000} print v}' <<<"$out")
  echo "$rps $p99"
}

read -r shop_rps shop_p99 < <(wrk_run "$url/api/books")
read -r nginx_rps _ < <(wrk_run "http://127.0.0.1:$nport/api/books")

# Conditional GETs, as a browser or proxy revalidating its copy sends them.
etag=$(curl -fsS -o /dev/null -D - "$url/api/books" | awk 'tolower($1)=="etag:" {print $2}' | tr -d '\r')
status=$(curl -sS -o /dev/null -w '%{http_code}' -H "If-None-Match: $etag" "$url/api/books")
[ "$status" = 304 ] || { echo "load: If-None-Match $etag got $status, not 304" >&2; exit 1; }
read -r revalidate_rps _ < <(wrk_run -H "If-None-Match: $etag" "$url/api/books")
fi

if [ -z "${WRITES_ONLY:-}" ]; then
  argon=$("$tmp/load" argon2 -duration "${DURATION}s" | awk '{print $2}')
  signin=$("$tmp/load" signin -url "$url" -db "$db" -workers "$WORKERS" -duration "${DURATION}s" | awk '{print $2}')
fi
# Rotations and orders with the shop's CPU per operation (ms), which the
# machine's load does not inflate as it does the rates.
read -r refresh refresh_cpu < <("$tmp/load" refresh -url "$url" -db "$db" -workers "$WORKERS" -duration "${DURATION}s" -pid "$shop" | awk '{print $2, $7}')
read -r orders orders_cpu < <("$tmp/load" orders -url "$url" -workers "$WORKERS" -duration "${DURATION}s" -pid "$shop" | awk '{print $2, $7}')
if [ -n "${WRITES_ONLY:-}" ]; then
  printf 'refresh-token rotation  %.0f/s, %.3f ms of the shop'"'"'s CPU each\ndemo-card orders        %.0f/s, %.3f ms of the shop'"'"'s CPU each\nload average %s\n' \
    "$refresh" "$refresh_cpu" "$orders" "$orders_cpu" "$(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi

# The catalogue and the orders at once, for the same time: each side's rate
# as a share of its rate alone shows whether one starves the other.
"$tmp/load" orders -url "$url" -workers "$WORKERS" -duration "${DURATION}s" >"$tmp/mixed-orders" &
bg=$!
pids+=("$bg")
read -r mixed_books _ < <(wrk_run "$url/api/books")
wait "$bg"
mixed_orders=$(awk '{print $2}' "$tmp/mixed-orders")

# The peak so far (sign-in hashes take 19 MiB each). Then 5,000 more books,
# as the back office would add them, and a shop started afresh on that
# catalogue: the search of /books on the server (q, price, categories, new,
# pages), then the first render of PAGES books' pages, one after the other,
# and its peak RSS through both (VmHWM).
rss_all_kb=$(awk '/VmHWM/ {print $2}' "/proc/$shop/status")
"$tmp/load" seed-books -url "$url" -db "$db" -n 5000 >/dev/null
kill "$shop"
wait "$shop" 2>/dev/null || true
PORT=$port DATABASE_URL="sqlite:$db" RATE_LIMIT_PER_MINUTE=100000000 "$BIN" serve >>"$tmp/shop.log" 2>&1 &
shop=$!
pids+=("$shop")
for _ in $(seq 200); do curl -fsS "$url/api/health" >/dev/null 2>&1 && break; sleep 0.05; done
# The shop's CPU time (user and system, in ms) per search and per page too:
# what the figures cost the server, whatever else runs on the machine.
cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{print ($14 + $15) * 1000 / hz}' "/proc/$shop/stat"; }
cpu0=$(cpu_ms)
read -r search_rps search_p99 searches < <("$tmp/load" search -url "$url" -workers "$WORKERS" -duration "${DURATION}s" | awk '{print $2, $5, $9}')
cpu1=$(cpu_ms)
read -r page_p50 page_p99 < <("$tmp/load" pages -url "$url" -n "$PAGES" | awk '{print $4, $7}')
cpu2=$(cpu_ms)
search_cpu=$(awk -v a="$cpu0" -v b="$cpu1" -v n="$searches" 'BEGIN {print (b - a) / n}')
page_cpu=$(awk -v a="$cpu1" -v b="$cpu2" -v n="$PAGES" 'BEGIN {print (b - a) / n}')
rss_kb=$(awk '/VmHWM/ {print $2}' "/proc/$shop/status")
load_avg=$(cut -d' ' -f1-3 /proc/loadavg)

awk -v sr="$shop_rps" -v sp="$shop_p99" -v nr="$nginx_rps" -v rv="$revalidate_rps" -v ar="$argon" -v si="$signin" \
    -v rf="$refresh" -v od="$orders" -v rfc="$refresh_cpu" -v odc="$orders_cpu" -v mb="$mixed_books" -v mo="$mixed_orders" -v st="$startup" -v rss="$rss_kb" \
    -v bin="$BIN" -v w="$WORKERS" -v qr="$search_rps" -v qp="$search_p99" -v rssall="$rss_all_kb" \
    -v pn="$PAGES" -v p50="$page_p50" -v p99="$page_p99" -v la="$load_avg" -v qc="$search_cpu" -v pc="$page_cpu" 'BEGIN {
  printf "Load figures for %s (%d s per phase, loopback; load average %s at the end)\n\n", bin, '"$DURATION"', la
  print "| Figure | Measured | Target |"
  print "|---|---|---|"
  printf "| `GET /api/books`, wrk 2 threads x 32 connections | %.1fk req/s = %.2fx nginx serving the same bytes (%.1fk); p99 %.1f ms | about 0.4x nginx |\n", sr/1000, sr/nr, nr/1000, sp
  printf "| `GET /api/books` with `If-None-Match` of its ETag (304) | %.1fk req/s | above the plain GET |\n", rv/1000
  printf "| password sign-in | %.0f/s = %.2fx the raw argon2id rate of the same parameters (%.0f/s) | >= 0.9x |\n", si, si/ar, ar
  printf "| refresh-token rotation (%d workers, each its own session chain) | %.0f/s on SQLite; %.3f ms of the shop'"'"'s CPU each | >= 3,000/s |\n", w, rf, rfc
  printf "| demo-card orders (%d workers) | %.0f/s on SQLite; %.3f ms of the shop'"'"'s CPU each | >= 1,500/s |\n", w, od, odc
  printf "| catalogue and orders at once: each as a share of its rate alone | catalogue %.0f %% (%.1fk req/s), orders %.0f %% (%.0f/s) | neither starved |\n", mb/sr*100, mb/1000, mo/od*100, mo
  printf "| search of /books on the server, 5,000 books (`GET /api/books?q=&minPrice=&maxPrice=&categories=&newOnly=&page=` as the page sends them, %d workers) | p99 %.1f ms, %.0f/s on SQLite; %.2f ms of the shop'"'"'s CPU each | p99 <= 20 ms |\n", w, qp, qr, qc
  printf "| first render of a book page, 5,000 books (%d pages, each asked for once, one at a time) | p50 %.1f ms, p99 %.1f ms; %.1f ms of the shop'"'"'s CPU each | p50 <= 20 ms |\n", pn, p50, p99, pc
  printf "| start to first response | %.0f ms (existing database) | <= 150 ms |\n", st
  printf "| peak RSS through sign-in, refresh and orders (10 books) | %.0f MB | |\n", rssall*1024/1e6
  printf "| peak RSS of a shop started on the 5,000 books, through the search and the %d rendered pages | %.0f MB | <= 150 MB |\n", pn, rss*1024/1e6
}'

# The files store: a 100 MiB file uploaded and streamed to 20 downloads at
# once, on a shop of its own (its peak RSS is its own).
echo
BIN="$BIN" scripts/load-files.sh

# A year of a busy shop on SQLite and PostgreSQL: the back office's figures.
echo
BIN="$BIN" scripts/load-year.sh
