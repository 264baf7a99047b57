#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL on loopback, and stops it after.
# The command sees TEST_DATABASE_URL pointing at an empty database.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[[ -x $bindir/initdb ]] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }

dir=$(mktemp -d /tmp/bookshop-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 55432)

# PostgreSQL refuses to run as root: run it as the postgres user when we are root.
as_pg=()
if [[ $(id -u) == 0 ]]; then
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

# The server's CPU (its backends', reaped by the postmaster), in seconds, for
# measuring the tests' cost: PGCPU_REPORT=1 prints it when the command ends.
pg_cpu() {
  local pid
  pid=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null) || return 0
  awk -v hz="$(getconf CLK_TCK)" '{ printf "%.1f", ($14 + $15 + $16 + $17) / hz }' "/proc/$pid/stat" 2>/dev/null
}

stop() {
  [[ -n ${PGCPU_REPORT:-} ]] && echo "PostgreSQL server CPU: $(pg_cpu) s" >&2
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_pg[@]}" "$bindir/initdb" -D "$dir/data" -U bookshop --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }
"$bindir/createdb" -h 127.0.0.1 -p "$port" -U bookshop bookshop_test

export TEST_DATABASE_URL="postgres://bookshop@127.0.0.1:$port/bookshop_test?sslmode=disable"
echo "PostgreSQL ready on 127.0.0.1:$port" >&2
"$@"
