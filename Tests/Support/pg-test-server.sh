#!/bin/sh
# A throwaway PostgreSQL server on 127.0.0.1 for the storage tests and benchmarks.
#
#   pg-test-server.sh start [DIR [PID]]
#                                   initdb into DIR (a new temporary folder when omitted), start the
#                                   server on a free port, print its connection URL on stdout; with
#                                   PID, stop the server and remove DIR when that process ends (a
#                                   test run that crashes leaves no server behind)
#   pg-test-server.sh restart DIR   restart the server of DIR (same port)
#   pg-test-server.sh stop DIR      stop it and remove DIR
#
# fsync is off: the data is thrown away. As root the server runs as the `postgres` user (initdb
# refuses root). Needs Debian's postgresql package (initdb and pg_ctl under /usr/lib/postgresql/*/bin).
set -eu

die() { echo "pg-test-server: $*" >&2; exit 1; }

bindir() {
    for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) $(dirname "$(command -v pg_ctl 2>/dev/null || echo /nonexistent/pg_ctl)"); do
        [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ] && { echo "$candidate"; return; }
    done
    die "initdb and pg_ctl not found; install PostgreSQL (apt-get install postgresql)"
}

as_server_user() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null \
        || echo $((20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000))
}

command=${1:-}
case "$command" in
start)
    BIN=$(bindir)
    DIR=${2:-$(mktemp -d /tmp/linkstr-pg.XXXXXX)}
    mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR"
    chmod 700 "$DIR"
    as_server_user "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync \
        >"$DIR/initdb.log" 2>&1 || die "initdb failed: $(tail -n 5 "$DIR/initdb.log")"
    for attempt in 1 2 3 4 5; do
        PORT=$(free_port)
        if as_server_user "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 -o \
            "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
            start >"$DIR/pg_ctl.log" 2>&1; then
            echo "$PORT" >"$DIR/port"
            if [ -n "${3:-}" ]; then
                # Detached from our stdout, so whoever reads it sees its end now.
                setsid sh -c "while kill -0 $3 2>/dev/null; do sleep 1; done; '$0' stop '$DIR'" \
                    </dev/null >/dev/null 2>&1 &
            fi
            echo "postgresql://postgres@127.0.0.1:$PORT/postgres"
            exit 0
        fi
    done
    die "the server did not start: $(tail -n 5 "$DIR/server.log" 2>/dev/null)"
    ;;
restart)
    DIR=${2:?usage: pg-test-server.sh restart DIR}
    as_server_user "$(bindir)/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 -m fast restart >"$DIR/pg_ctl.log" 2>&1 \
        || die "restart failed: $(tail -n 5 "$DIR/server.log")"
    ;;
stop)
    DIR=${2:?usage: pg-test-server.sh stop DIR}
    [ -d "$DIR/data" ] && as_server_user "$(bindir)/pg_ctl" -D "$DIR/data" -w -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
*)
    die "usage: pg-test-server.sh start [DIR] | restart DIR | stop DIR"
    ;;
esac
