#!/usr/bin/env bash
# PgBouncer (transaction mode) on 127.0.0.1:6432 in front of the CI PostgreSQL, every database
# name passed through, for the API tests behind a pooler (DATABASE_POOLER=pgbouncer;
# docs/decisions/077-read-replica-and-pgbouncer.md). Idempotent: one that answers is left as is.
set -euo pipefail
PORT="${PGBOUNCER_PORT:-6432}"
DIR="${PGBOUNCER_DIR:-/tmp/slotwise-pgbouncer}"
if pg_isready -h 127.0.0.1 -p "$PORT" -q; then
  echo "pgbouncer: already up on $PORT"
  exit 0
fi
if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  (apt-get update -qq && apt-get install -y -qq pgbouncer >/dev/null)
fi
PGBOUNCER="$(command -v pgbouncer || echo /usr/sbin/pgbouncer)"
mkdir -p "$DIR"
cat >"$DIR/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PORT
unix_socket_dir =
auth_type = trust
auth_file = $DIR/userlist.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 20
max_db_connections = 40
server_idle_timeout = 10
ignore_startup_parameters = extra_float_digits
logfile = $DIR/pgbouncer.log
pidfile = $DIR/pgbouncer.pid
admin_users = postgres
INI
echo '"postgres" ""' >"$DIR/userlist.txt"
# PgBouncer refuses to run as root: the postgres user owns its directory and runs it.
if [ "$(id -u)" = 0 ]; then
  chown -R postgres "$DIR"
  su postgres -s /bin/bash -c "'$PGBOUNCER' -d '$DIR/pgbouncer.ini'"
else
  "$PGBOUNCER" -d "$DIR/pgbouncer.ini"
fi
for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p "$PORT" -q && break; sleep 1; done
psql -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -Atc 'select 1' >/dev/null
echo "pgbouncer: up on $PORT"
