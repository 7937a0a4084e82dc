#!/bin/sh
# PostgreSQL's entrypoint: on the first start (an empty data directory) initdb, then each SQL
# file of /docker-entrypoint-initdb.d run by the superuser against a server listening on a
# private socket only; then, every time, the server itself (`postgres` and its settings).
set -eu

if [ "${1:-}" != postgres ]; then
    exec "$@"
fi
shift

if [ ! -s "$PGDATA/PG_VERSION" ]; then
    # The socket needs no password (only the bot's container shares it); TCP, on the loopback
    # only, asks for one, and no role has one.
    initdb --username=postgres --encoding=UTF8 --locale=C.UTF-8 \
        --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    private=$(mktemp -d)
    pg_ctl --pgdata="$PGDATA" --wait --silent \
        --options="-c listen_addresses='' -c unix_socket_directories=$private" start
    for script in /docker-entrypoint-initdb.d/*.sql; do
        [ -e "$script" ] || continue
        echo "running $script"
        psql --host="$private" --username=postgres --dbname=postgres --no-psqlrc --quiet \
            --set=ON_ERROR_STOP=1 --file="$script"
    done
    pg_ctl --pgdata="$PGDATA" --wait --silent --mode=fast stop
    rmdir "$private"
    echo "the database is initialised"
fi

exec postgres "$@"
