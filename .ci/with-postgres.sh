#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server: initdb in a temporary
# directory, owned by an unprivileged user when run as root (PostgreSQL
# refuses root), listening on a free loopback port with password
# authentication, as a daycare's server would. The command sees
#   TASKBOARD_TEST_DATABASE_URL            postgres://taskboard@127.0.0.1:PORT/taskboard
#   TASKBOARD_TEST_DATABASE_PASSWORD_FILE  a 0600 file with the password
# and the server is stopped and removed afterwards, whatever the command did.
#
#   .ci/with-postgres.sh swift test
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "with-postgres: no PostgreSQL server here (apt-get install postgresql)" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/taskboard-pg.XXXXXX)
chmod 755 "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')

as_owner=()
if [ "$(id -u)" = 0 ]; then
  # From the server's folder: the caller's may be one nobody cannot enter.
  as_owner=(runuser -u nobody -- env -C "$dir")
  chown nobody "$dir"
fi

# The password for initdb (read by the server's user) and for the tests (read by us).
printf '%s\n' "$password" > "$dir/initdb-password"
[ ${#as_owner[@]} -eq 0 ] || chown nobody "$dir/initdb-password"
printf '%s\n' "$password" > "$dir/password"
chmod 600 "$dir/password" "$dir/initdb-password"

stop() {
  # The shared server, and any a test started for itself (to stop and start) and left running.
  for data in "$dir/data" "$dir"/private-*/data; do
    [ -d "$data" ] && "${as_owner[@]}" "$bindir/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1 || true
  done
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U taskboard --auth=scram-sha-256 \
  --pwfile="$dir/initdb-password" -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }
PGPASSWORD=$password "$bindir/createdb" -h 127.0.0.1 -p "$port" -U taskboard taskboard

echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
export TASKBOARD_TEST_DATABASE_URL="postgres://taskboard@127.0.0.1:$port/taskboard"
export TASKBOARD_TEST_DATABASE_PASSWORD_FILE="$dir/password"
export TASKBOARD_TEST_POSTGRES_BIN="$bindir"
export TASKBOARD_TEST_POSTGRES_DATA="$dir/data"
"$@"
