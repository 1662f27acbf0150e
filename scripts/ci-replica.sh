#!/usr/bin/env bash
# A streaming replica of the CI PostgreSQL (127.0.0.1:5432) on 127.0.0.1:5433, for the read-replica
# tests (TEST_REPLICA_URL; docs/decisions/077-read-replica-and-pgbouncer.md). Idempotent: a
# replica that already answers is left as it is; a stopped one is started again.
set -euo pipefail
DIR="${REPLICA_DIR:-/var/lib/postgresql/slotwise-replica}"
PORT="${REPLICA_PORT:-5433}"
BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }

if pg_isready -h 127.0.0.1 -p "$PORT" -q; then
  # A bench stopped half-way may have left its replay paused (bench/src/scenarios/scale.ts).
  psql -h 127.0.0.1 -p "$PORT" -U postgres -qAtc 'select pg_wal_replay_resume()' >/dev/null
  echo "replica: already up on $PORT"
  exit 0
fi
HBA="$(psql -h 127.0.0.1 -U postgres -Atc 'show hba_file')"
if ! grep -Eq '^host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$HBA"; then
  echo 'host replication all 127.0.0.1/32 trust' >>"$HBA"
  psql -h 127.0.0.1 -U postgres -qAtc 'select pg_reload_conf()' >/dev/null
fi
# A busy primary recycles WAL quickly: keep enough for the copy and for a replica that falls behind.
if [ "$(psql -h 127.0.0.1 -U postgres -Atc "select setting::bigint < 512 from pg_settings where name = 'wal_keep_size'")" = t ]; then
  psql -h 127.0.0.1 -U postgres -qAtc "alter system set wal_keep_size = '512MB'" -c 'select pg_reload_conf()' >/dev/null
fi
if [ ! -f "$DIR/standby.signal" ]; then
  rm -rf "$DIR"
  # --checkpoint=fast: by default the copy first waits for a spread checkpoint, about three
  # minutes of an idle run on a fresh machine (checkpoint_completion_target × checkpoint_timeout).
  as_postgres "pg_basebackup -h 127.0.0.1 -U postgres -D '$DIR' -R --checkpoint=fast"
  # The primary's postgresql.conf lives in /etc: the copy needs one of its own (empty: defaults).
  as_postgres "touch '$DIR/postgresql.conf' && cp '$HBA' '$DIR/pg_hba.conf'"
fi
as_postgres "'$BIN/pg_ctl' -D '$DIR' -o '-p $PORT -k $DIR' -l '$DIR/log' -w start"
for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p "$PORT" -q && break; sleep 1; done
psql -h 127.0.0.1 -p "$PORT" -U postgres -Atc 'select pg_is_in_recovery()' | grep -q t
echo "replica: up on $PORT"
