#!/usr/bin/env bash
# The files store's figure (issue 37): a shop started afresh on a temporary
# database (files in a temporary FILES_DIR), an editor uploads a MIB MiB PDF,
# a parent is granted it, and PARALLEL clients download it whole at once
# through their own links; prints the upload's and the downloads' times and
# the shop's peak RSS (VmHWM) through the upload alone, through the
# downloads alone and through both, each of which must stay under 150 MB: a
# file is streamed, never held in memory. scripts/load.sh runs it last;
# it runs alone too. Not run by `make test`.
#
#   scripts/load-files.sh                    # bin/bookshop, 100 MiB, 20 downloads
#   MIB=20 PARALLEL=5 scripts/load-files.sh
#   S3=1 scripts/load-files.sh               # the file in a bucket (a local S3-compatible server)
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-bin/bookshop}
MIB=${MIB:-100}
PARALLEL=${PARALLEL:-20}
S3=${S3:-}
[ -x "$BIN" ] || { echo "load-files: $BIN not built (make build)" >&2; exit 1; }

tmp=$(mktemp -d /tmp/bookshop-load-files.XXXXXX)
shop=
s3=
cleanup() {
  [ -n "$shop" ] && kill "$shop" 2>/dev/null || true
  [ -n "$s3" ] && kill "$s3" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

go build -o "$tmp/load" ./scripts/load
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port)
db="$tmp/shop.db"
DATABASE_URL="sqlite:$db" "$BIN" migrate >/dev/null 2>&1
store=(FILES_DIR="$tmp/files")
where="a folder"
if [ -n "$S3" ]; then
  s3port=$(free_port)
  "$tmp/load" s3 -addr "127.0.0.1:$s3port" &
  s3=$!
  store=(FILES_S3_URL="s3://key:secret@127.0.0.1:$s3port/shop/files?region=us-east-1&path-style=true&insecure=true")
  where="a bucket"
fi
env PORT="$port" DATABASE_URL="sqlite:$db" "${store[@]}" RATE_LIMIT_PER_MINUTE=100000000 "$BIN" serve >"$tmp/shop.log" 2>&1 &
shop=$!
url="http://127.0.0.1:$port"
for _ in $(seq 200); do curl -fsS "$url/api/health" >/dev/null 2>&1 && break; sleep 0.05; done
rss_start_kb=$(awk '/VmHWM/ {print $2}' "/proc/$shop/status")

read -r upload_s download_s mbps rss_before_kb upload_peak_kb download_peak_kb earlier_peak_kb < <("$tmp/load" files -url "$url" -db "$db" -bin "$BIN" -pid "$shop" -mib "$MIB" -workers "$PARALLEL" | awk '{print $2, $4, $6, $8, $10, $12, $14}')
# The peak of the whole run: the reset peaks' and the one before them.
rss_kb=$(awk '/VmHWM/ {print $2}' "/proc/$shop/status")
for kb in "$upload_peak_kb" "$earlier_peak_kb"; do [ "$kb" -gt "$rss_kb" ] && rss_kb=$kb; done
load_avg=$(cut -d' ' -f1-3 /proc/loadavg)

awk -v mib="$MIB" -v n="$PARALLEL" -v up="$upload_s" -v down="$download_s" -v mbps="$mbps" -v rss0="$rss_start_kb" -v rss1="$rss_before_kb" -v rss="$rss_kb" \
  -v uprss="$upload_peak_kb" -v downrss="$download_peak_kb" -v la="$load_avg" -v where="$where" '
function peak(kb) { return kb > 0 ? sprintf("%.0f MB", kb*1024/1e6) : "unknown (the kernel kept its peak)" }
BEGIN {
  printf "Files store figures, the file in %s (loopback; load average %s at the end)\n\n", where, la
  print "| Figure | Measured | Target |"
  print "|---|---|---|"
  printf "| upload of a %d MiB PDF (streamed, hashed, checked, kept) | %.1f s | |\n", mib, up
  printf "| peak RSS of the shop through the upload alone (%.0f MB just before it, once the accounts had signed in) | %s | < 150 MB |\n", rss1*1024/1e6, peak(uprss)
  printf "| %d parallel downloads of it, each through its own link | %.1f s for all, %.0f MB/s together | |\n", n, down, mbps
  printf "| peak RSS of the shop through the downloads alone | %s | < 150 MB |\n", peak(downrss)
  printf "| peak RSS of the shop through the whole run (at start %.0f MB) | %.0f MB | < 150 MB |\n", rss0*1024/1e6, rss*1024/1e6
}'
