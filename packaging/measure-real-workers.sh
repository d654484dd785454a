#!/usr/bin/env bash
# Real workers against the database's own limit, a benchmark to run and read (not a test):
#   packaging/measure-real-workers.sh [JAR] [ROUNDS]
# JAR is the lab's jar (default target/idempotency-lab.jar, from mvn -DskipTests package). Starts a PostgreSQL of
# its own in a temporary folder (Debian's postgresql-15 binaries, or PGBIN; apt-get install postgresql-15
# postgresql-contrib-15 gives them and pgbench), with the settings the embedded server of `work` gets from
# io.zonky (synchronous_commit=off, max_connections=300), runs pgbench -i, then ROUNDS rounds (default 3), each
# alternating on that same server:
#   pgbench -c 4 -j 2 -T 20       TPC-B, five statements a transaction: transactions per second
#   work 2 processes x 2 workers  the lab's real workers (claim table, same provider key, whole-job retry
#   work 1 process x 4 workers    skipping finished steps): jobs per second, and steps per second (x 10)
# and prints each round's figures and the ratio steps/s : pgbench's tps (the targets: 75 % for 2 x 2, 50 % for
# 1 x 4). JOBS (default 2000) sign-ups per run; CALL_MS (default 0, so the database is the limit: work's own
# default of 2 ms sleeps 20 ms a job, which alone keeps four workers under 200 jobs/s) the mean call time each step
# sleeps; BASE_DELAY_MS (default 0, for the same reason: work's own 100 ms with full jitter sleeps about 5 ms a job
# on average, a tenth of the jobs retrying once, which was a third of the workers' time) the backoff before a
# retry; WORK_OPTS more options for work. The load average is printed, since other work on the machine
# lengthens every figure. With STATS=1, pg_stat_statements is loaded and each work run's top statements (by total
# time) and the wait events seen in pg_stat_activity (sampled every 50 ms) are printed after it.
set -euo pipefail
jar=${1:-target/idempotency-lab.jar}
rounds=${2:-3}
jobs=${JOBS:-2000}
call_ms=${CALL_MS:-0}
base_delay_ms=${BASE_DELAY_MS:-0}
seconds=${PGBENCH_SECONDS:-20}
pgbin=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
[[ -f $jar ]] || { echo "no jar at $jar (run mvn -DskipTests package)" >&2; exit 2; }
[[ -x $pgbin/postgres && -x $pgbin/pgbench ]] || { echo "no postgres and pgbench in '$pgbin' (set PGBIN)" >&2; exit 2; }
jar=$(realpath "$jar")
dir=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
as_owner=()
if [[ $(id -u) == 0 ]]; then # initdb and postgres refuse to run as root
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
stop() {
  "${as_owner[@]}" "$pgbin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
"${as_owner[@]}" "$pgbin/initdb" -D "$dir/data" -A trust -U lab >/dev/null
preload=""
[[ ${STATS:-0} == 1 ]] && preload="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all"
"${as_owner[@]}" "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -c listen_addresses=127.0.0.1 \
  -c unix_socket_directories=$dir -c synchronous_commit=off -c max_connections=300 -c timezone=UTC $preload" \
  start >/dev/null
export PGHOST=127.0.0.1 PGPORT=$port PGUSER=lab
"$pgbin/createdb" lab
"$pgbin/pgbench" -q -i lab >/dev/null 2>&1
[[ ${STATS:-0} == 1 ]] && "$pgbin/psql" -q -d lab -c "CREATE EXTENSION pg_stat_statements"
url="jdbc:postgresql://127.0.0.1:$port/lab?user=lab"

sample_waits() { # the wait events of the lab's connections, one line per sample and connection
  while true; do
    "$pgbin/psql" -At -d lab -c "SELECT coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, state) \
      FROM pg_stat_activity WHERE application_name = 'idempotency-lab work' AND pid <> pg_backend_pid()" \
      2>/dev/null || true
    sleep 0.05
  done
}

work() { # processes workers: prints jobs/s
  local out pid=""
  if [[ ${STATS:-0} == 1 ]]; then
    "$pgbin/psql" -q -d lab -c "SELECT pg_stat_statements_reset()" >/dev/null
    sample_waits > "$dir/waits" & pid=$!
  fi
  # shellcheck disable=SC2086
  out=$(java -jar "$jar" work --db "$url" --drop-old-runs --processes "$1" --workers "$2" --jobs "$jobs" \
    --store claim-table --retry whole-job-skip-finished --provider-key same --call-ms "$call_ms" \
    --base-delay-ms "$base_delay_ms" --format json \
    ${WORK_OPTS:-} 2>"$dir/work.err") || { echo "work failed: $(tail -n 3 "$dir/work.err")" >&2; exit 1; }
  if [[ -n $pid ]]; then
    kill "$pid"; wait "$pid" 2>/dev/null || true
    {
      echo "  wait events of the workers' connections (samples):"
      sort "$dir/waits" | uniq -c | sort -rn | head -n 8 | sed 's/^/    /'
      echo "  top statements by total time (calls, total ms, mean ms):"
      "$pgbin/psql" -At -F ' | ' -d lab -c "SELECT calls, round(total_exec_time::numeric), \
        round(mean_exec_time::numeric, 3), left(regexp_replace(query, '\s+', ' ', 'g'), 90) \
        FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 8" | sed 's/^/    /'
      echo "  transactions: $("$pgbin/psql" -At -d lab -c "SELECT xact_commit + xact_rollback \
        FROM pg_stat_database WHERE datname = 'lab'") (cumulative)"
    } >&2
  fi
  grep -o '"jobsPerSecond" *: *[0-9.]*' <<<"$out" | grep -o '[0-9.]*$'
}

echo "PostgreSQL $("$pgbin/postgres" --version | grep -o "[0-9][0-9.]*" | head -n 1), $jobs sign-ups per work run, \
--call-ms $call_ms --base-delay-ms $base_delay_ms"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 1; i <= rounds; i++)); do
  tps=$("$pgbin/pgbench" -c 4 -j 2 -T "$seconds" lab 2>/dev/null | grep -o 'tps = [0-9.]*' | head -n 1 \
    | grep -o '[0-9.]*$')
  j22=$(work 2 2)
  j14=$(work 1 4)
  awk -v i="$i" -v tps="$tps" -v a="$j22" -v b="$j14" -v load="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
    printf "round %d: pgbench %.0f tps; 2x2 %.1f jobs/s = %.0f steps/s = %.0f %% (target 75 %%); " \
      "1x4 %.1f jobs/s = %.0f steps/s = %.0f %% (target 50 %%); load %s\n",
      i, tps, a, a * 10, 100 * a * 10 / tps, b, b * 10, 100 * b * 10 / tps, load }'
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
